#pragma once
// What an integrator may use of a Simulation during one step, and nothing more:
// the model, the current state and its evaluation (always up to date when
// Integrator::step is called), scratch states with their data, the force
// evaluation, and the two ways to make a step's result current (accept a trial,
// or advance the current state in place and re-evaluate it).
// Simulation::step builds one per step; all calls are inline (no cost).
#include "sim/simulation.h"

#include <utility>

namespace hfd {

class StepContext {
public:
    explicit StepContext(Simulation& sim) : sim_(sim) {}

    const Model& model() const { return *sim_.model_; }
    const State& state() const { return *sim_.state_; }
    // Forces, contacts and accelerations of state().
    const Data& data() const { return *sim_.data_; }

    // Forces and accelerations of `state` at the simulation's controls, into `data`.
    void evaluate(const State& state, Data& data) const { sim_.evaluate(state, data); }

    // Scratch states and data (sized for the model once, kept between steps).
    static constexpr int scratch_count = Simulation::scratch_count;
    State& scratch_state(int i) { return *sim_.scratch_states_[i]; }
    Data& scratch_data(int i) { return *sim_.scratch_data_[i]; }

    // The trial (scratch slots) becomes the current state with its evaluation;
    // the old current one takes the trial's slot (pointers exchanged, no copy).
    void accept(State& trial, Data& trial_data) {
        for (State*& slot : sim_.scratch_states_)
            if (slot == &trial) {
                std::swap(slot, sim_.state_);
                break;
            }
        for (Data*& slot : sim_.scratch_data_)
            if (slot == &trial_data) {
                std::swap(slot, sim_.data_);
                break;
            }
        sim_.data_stale_ = false;
    }
    // Advances the current state in place, `update(state, data)` reading its
    // evaluation, then evaluates the new state into the simulation's data.
    template <typename Update>
    void advance_in_place(Update&& update) {
        update(*sim_.state_, std::as_const(*sim_.data_));
        sim_.evaluate();
    }

private:
    Simulation& sim_;
};

}  // namespace hfd
