#pragma once
// What an integrator may use of a simulation during one step, and nothing more:
// the model, the current state and its evaluation (always up to date when
// Integrator::step is called), scratch states with their data, the force
// evaluation, and the two ways to make a step's result current (accept a trial,
// or advance the current state in place and re-evaluate it).
// The simulation (sim/simulation.h) owns the slots and builds one per step; it
// is the Evaluator. Every call is inline but the two evaluations.
#include "model/model.h"
#include "state/data.h"
#include "state/state.h"

#include <utility>

namespace hfd {

class StepContext {
public:
    static constexpr int scratch_count = 4;

    // The force evaluation of the simulation the step belongs to.
    class Evaluator {
    public:
        // Forces and accelerations of `state` at the simulation's controls, into `data`.
        virtual void evaluate(const State& state, Data& data) const = 0;
        // The same for the current state into the current data, which is then up to date.
        virtual void evaluate_current() = 0;

    protected:
        ~Evaluator() = default;
    };

    // The slots are the owner's: `state` and `data` point to the current ones,
    // `scratch_*` to the others; accepting a trial exchanges the pointers.
    StepContext(const Model& model, State*& state, Data*& data, State* (&scratch_states)[scratch_count],
                Data* (&scratch_data)[scratch_count], bool& data_stale, Evaluator& evaluator)
        : model_(model),
          state_(state),
          data_(data),
          scratch_states_(scratch_states),
          scratch_data_(scratch_data),
          data_stale_(data_stale),
          evaluator_(evaluator) {}

    const Model& model() const { return model_; }
    const State& state() const { return *state_; }
    // Forces, contacts and accelerations of state().
    const Data& data() const { return *data_; }

    // Forces and accelerations of `state` at the simulation's controls, into `data`.
    void evaluate(const State& state, Data& data) const { evaluator_.evaluate(state, data); }

    // Scratch states and data (sized for the model once, kept between steps).
    State& scratch_state(int i) { return *scratch_states_[i]; }
    Data& scratch_data(int i) { return *scratch_data_[i]; }

    // The trial (scratch slots) becomes the current state with its evaluation;
    // the old current one takes the trial's slot (pointers exchanged, no copy).
    void accept(State& trial, Data& trial_data) {
        for (State*& slot : scratch_states_)
            if (slot == &trial) {
                std::swap(slot, state_);
                break;
            }
        for (Data*& slot : scratch_data_)
            if (slot == &trial_data) {
                std::swap(slot, data_);
                break;
            }
        data_stale_ = false;
    }
    // Advances the current state in place, `update(state, data)` reading its
    // evaluation, then evaluates the new state into the current data.
    template <typename Update>
    void advance_in_place(Update&& update) {
        update(*state_, std::as_const(*data_));
        evaluator_.evaluate_current();
    }

private:
    const Model& model_;
    State*& state_;
    Data*& data_;
    State* (&scratch_states_)[scratch_count];
    Data* (&scratch_data_)[scratch_count];
    bool& data_stale_;
    Evaluator& evaluator_;
};

}  // namespace hfd
