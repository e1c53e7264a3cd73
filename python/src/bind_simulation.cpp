// hfd.Simulation: one simulation built as `hfd simulate` builds it, stepped
// from Python. The state is read and written as numpy arrays (copied into
// `out` when given, so a control loop allocates nothing per step); the
// excitations are a writable view of the simulation's own controls.
//
// Steps run with the GIL released; every check_interval steps the GIL is taken
// back to run Python's signal handlers, so Ctrl+C stops a long advance() or
// run() with KeyboardInterrupt. While one thread steps a Simulation, another
// thread's use of it raises RuntimeError instead of racing (the thread that
// steps may still read it, e.g. from a control callback). Non-finite
// excitations, quaternions of zero length and times that go nowhere raise
// ValueError.
#include "bindings.h"

#include "io/contact_pairs.h"
#include "io/excitation_csv.h"
#include "run/run.h"
#include "state/kinematics.h"

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <thread>

namespace hfd::python {

namespace {

struct PySimulation {
    PyModel model;
    std::unique_ptr<Simulation> sim;
    SimConfig config;
    ContactPairSet pairs;
    std::vector<std::string> warnings;
    std::unique_ptr<Recorder> probe;      // one-row recorder for reading channels now
    std::vector<double> seen_excitation;  // to notice writes through the numpy view
    // Steps under way (with the GIL released) and the thread taking them; read
    // and written with the GIL held only.
    int stepping = 0;
    std::thread::id stepping_thread;

    // Refuses use from another thread while one steps (see the top of the file).
    void check_free() const {
        if (stepping > 0 && stepping_thread != std::this_thread::get_id())
            throw std::runtime_error(
                "this hfd.Simulation is being stepped by another thread: give each thread its own Simulation "
                "(or wait for the step to end)");
    }
    const State& state() const {
        check_free();
        return std::as_const(*sim).state();
    }
    State& writable_state() {
        check_free();
        return sim->state();
    }
    Controls& writable_controls() {
        check_free();
        return sim->controls();
    }
    // Writes through the excitation view bypass Simulation::controls(): tell it
    // before stepping. Non-finite values are refused.
    void notice_excitation_writes() {
        check_free();
        const std::vector<double>& now = std::as_const(*sim).controls().excitation;
        check_excitations(now, "");
        // bitwise, as the view's writes are (-0 for 0 counts); std::equal_to would call them equal. Not
        // memcmp: a model without muscles has no data() to pass it (UBSan: null argument)
        const auto same_bits = [](double a, double b) {
            return std::bit_cast<uint64_t>(a) == std::bit_cast<uint64_t>(b);
        };
        if (!std::equal(now.begin(), now.end(), seen_excitation.begin(), seen_excitation.end(), same_bits)) {
            sim->controls();
            seen_excitation = now;
        }
    }
    Recorder& channel_probe() {
        check_free();
        if (!probe) probe = std::make_unique<Recorder>(*sim, pairs, all_channel_groups);
        probe->clear_rows();
        notice_excitation_writes();
        probe->sample(*sim);
        return *probe;
    }
    void check_excitations(const std::vector<double>& excitation, const std::string& where) const {
        const Model& model = sim->model();
        for (size_t m = 0; m < excitation.size(); ++m)
            if (!std::isfinite(excitation[m]))
                throw py::value_error("the excitation of muscle '" +
                                      (m < model.muscles.size() ? model.muscles[m].name : std::string("?")) +
                                      "' (index " + std::to_string(m) + ") is " + std::to_string(excitation[m]) +
                                      where + ": excitations must be finite");
    }
};

// Marks the simulation as stepping for the scope; a second stepper, from any
// thread (also a control callback of the run under way), is refused.
class SteppingScope {
public:
    explicit SteppingScope(PySimulation& s) : s_(s) {
        if (s.stepping > 0) throw std::runtime_error("cannot step an hfd.Simulation from its own control callback");
        s.stepping = 1;
        s.stepping_thread = std::this_thread::get_id();
    }
    ~SteppingScope() { s_.stepping = 0; }
    SteppingScope(const SteppingScope&) = delete;
    SteppingScope& operator=(const SteppingScope&) = delete;

private:
    PySimulation& s_;
};

// Calls step_once (which returns false when done) with the GIL released,
// taking the GIL back every check_interval calls to run signal handlers: a
// handler that raises (Ctrl+C: KeyboardInterrupt) stops the loop with its
// exception. The interval keeps that cost far below the steps' own.
template <typename StepOnce>
void step_checking_signals(StepOnce step_once) {
    constexpr int check_interval = 1000;
    for (;;) {
        bool more = true;
        {
            py::gil_scoped_release release;
            for (int i = 0; i < check_interval && more; ++i) more = step_once();
        }
        if (!more) return;
        if (PyErr_CheckSignals() != 0) throw py::error_already_set();
    }
}

[[noreturn]] void throw_memory_error(const std::string& message) {
    PyErr_SetString(PyExc_MemoryError, message.c_str());
    throw py::error_already_set();
}

using Array = py::array_t<double, py::array::c_style | py::array::forcecast>;

size_t state_size(const Model& model) { return 1 + model.bodies.size() * 13 + model.muscles.size() * 2; }

// [time, pos (3 per body), ori (w x y z per body), lin_vel (3), ang_vel (3), activation, fiber_length]
void pack_state(const State& s, double* out) {
    *out++ = s.time;
    for (const Vec3& p : s.pos)
        for (int i = 0; i < 3; ++i) *out++ = p[i];
    for (const Quat& q : s.ori) {
        *out++ = q.w();
        *out++ = q.x();
        *out++ = q.y();
        *out++ = q.z();
    }
    for (const Vec3& v : s.lin_vel)
        for (int i = 0; i < 3; ++i) *out++ = v[i];
    for (const Vec3& w : s.ang_vel)
        for (int i = 0; i < 3; ++i) *out++ = w[i];
    for (double a : s.activation) *out++ = a;
    for (double l : s.fiber_length) *out++ = l;
}

void unpack_state(const double* in, State& s) {
    s.time = *in++;
    for (Vec3& p : s.pos)
        for (int i = 0; i < 3; ++i) p[i] = *in++;
    for (Quat& q : s.ori) {
        q.w() = in[0];
        q.x() = in[1];
        q.y() = in[2];
        q.z() = in[3];
        in += 4;
    }
    for (Vec3& v : s.lin_vel)
        for (int i = 0; i < 3; ++i) v[i] = *in++;
    for (Vec3& w : s.ang_vel)
        for (int i = 0; i < 3; ++i) w[i] = *in++;
    for (double& a : s.activation) a = *in++;
    for (double& l : s.fiber_length) l = *in++;
}

// An orientation must be a rotation: finite, of non-zero length (normalized when used).
void check_quaternion(const Model& model, size_t body, const Quat& q) {
    const double norm = q.norm();
    if (!std::isfinite(norm) || norm < 1e-12)
        throw py::value_error("the orientation of body '" + model.bodies[body].name + "' (w x y z = " +
                              std::to_string(q.w()) + " " + std::to_string(q.x()) + " " + std::to_string(q.y()) + " " +
                              std::to_string(q.z()) + ") is not a rotation: give a quaternion of non-zero length");
}

// A flat state (pack_state's layout) must be finite, its quaternions rotations.
void check_state_values(const Model& model, const double* values) {
    const size_t size = state_size(model);
    for (size_t i = 0; i < size; ++i)
        if (!std::isfinite(values[i]))
            throw py::value_error("state value " + std::to_string(i) + " is " + std::to_string(values[i]) +
                                  ": every value must be finite");
    const double* ori = values + 1 + 3 * model.bodies.size();
    for (size_t b = 0; b < model.bodies.size(); ++b, ori += 4)
        check_quaternion(model, b, Quat(ori[0], ori[1], ori[2], ori[3]));
}

// `out` when given (checked: float64, contiguous, right size), else a new array.
Array output_array(std::optional<py::array> out, size_t size) {
    if (!out) return Array(py::ssize_t(size));
    if (!py::isinstance<Array>(*out) || out->dtype().kind() != 'f' || out->itemsize() != 8 ||
        !(out->flags() & py::array::c_style) || size_t(out->size()) != size || !out->writeable())
        throw py::value_error("out must be a writable contiguous float64 array of " + std::to_string(size) + " values");
    return py::reinterpret_borrow<Array>(*out);
}

Array vec3_rows(const std::vector<Vec3>& rows) {
    Array array({py::ssize_t(rows.size()), py::ssize_t(3)});
    auto a = array.mutable_unchecked<2>();
    for (size_t r = 0; r < rows.size(); ++r)
        for (int i = 0; i < 3; ++i) a(r, i) = rows[r][i];
    return array;
}

void set_vec3_rows(PySimulation& self, std::vector<Vec3> State::*member, const Array& values) {
    std::vector<Vec3>& rows = self.writable_state().*member;
    if (values.ndim() != 2 || size_t(values.shape(0)) != rows.size() || values.shape(1) != 3)
        throw py::value_error("expected an array of shape (" + std::to_string(rows.size()) + ", 3)");
    auto a = values.unchecked<2>();
    for (size_t r = 0; r < rows.size(); ++r)
        for (int i = 0; i < 3; ++i) rows[r][i] = a(r, i);
}

void set_vector(PySimulation& self, std::vector<double> State::*member, const Array& values) {
    std::vector<double>& target = self.writable_state().*member;
    if (values.ndim() != 1 || size_t(values.shape(0)) != target.size())
        throw py::value_error("expected " + std::to_string(target.size()) + " values");
    std::copy_n(values.data(), target.size(), target.data());
}

PySimulation create(const PyModel& model, const std::optional<PyConfig>& config,
                    const std::optional<std::string>& state, const std::optional<std::string>& state_text) {
    JobInputs inputs;
    inputs.model = model.source;
    inputs.overrides = model.overrides;
    if (config) inputs.config = config->source;
    if (state) inputs.state = text_from_file(*state);
    if (state_text) inputs.state = TextInput{*state_text, "<state>"};
    PreparedRun created = prepare_job(inputs);
    throw_if_errors(created.diagnostics, "cannot create the simulation of '" + model.source.file + "'");
    if (!created.sim) throw_error(model.source.file, "cannot create the simulation");
    PySimulation result;
    result.model = model;
    result.sim = std::move(created.sim);
    result.config = std::move(created.config);
    result.pairs = candidate_contact_pairs(result.sim->model(), collision_settings(result.config));
    result.warnings = diagnostic_lines(created.diagnostics);
    result.seen_excitation = std::as_const(*result.sim).controls().excitation;
    return result;
}

void check_step(PySimulation& self, bool ok) {
    if (ok) return;
    const auto& error = std::as_const(*self.sim).error();
    throw SimulationFailure(error ? error->message : "the simulation failed");
}

// Simulation::advance_to in chunks that let signals through (see step_checking_signals).
void advance_to(PySimulation& s, double time) {
    const double now = s.state().time;
    if (!std::isfinite(time) || time < now)
        throw py::value_error("advance_to(" + std::to_string(time) + "): the time must be finite and not before " +
                              "the current time " + std::to_string(now));
    if (const std::optional<Diagnostic> refused = check_run_length(*s.sim, time - now, std::max(time - now, 1.0)))
        throw py::value_error(format_diagnostic(*refused));
    SteppingScope stepping(s);
    s.notice_excitation_writes();
    bool ok = true;
    step_checking_signals([&] {
        if (!(s.state().time < time)) return false;
        ok = s.sim->step(time);
        if (ok) s.sim->land_if_near(time);
        return ok;
    });
    check_step(s, ok);
}

PyRecording run(PySimulation& self, double duration, double sample, const std::optional<std::string>& excitation_file,
                const std::optional<std::string>& excitation_text, const std::string& groups, py::object control,
                py::object self_object) {
    std::optional<ExcitationSeries> excitation;
    if (excitation_file || excitation_text) {
        const TextInput input =
            excitation_file ? text_from_file(*excitation_file) : TextInput{*excitation_text, "<excitation>"};
        ExcitationReadResult read = read_excitation_text(input.text, input.file, self.sim->model());
        throw_if_errors(read.diagnostics, "cannot use excitation '" + input.file + "'");
        excitation = std::move(read.series);
    }
    if (!(duration > 0) || !(sample > 0)) throw py::value_error("duration and sample must be positive");
    self.notice_excitation_writes();
    PyRecording recording;
    recording.recorder = std::make_shared<Recorder>(*self.sim, self.pairs, parse_groups(groups));
    RunOptions options;
    options.duration = duration;
    options.sample_period = sample;
    py::object excitation_view = py::none();
    if (!control.is_none()) excitation_view = self_object.attr("excitation");
    if (excitation || !control.is_none())
        options.control = [&](double time, Controls& controls) {
            if (excitation) apply_excitation(*excitation, time, controls);
            if (!control.is_none()) {
                py::gil_scoped_acquire acquire;
                control(time, excitation_view);
                self.check_excitations(controls.excitation, " after control(" + std::to_string(time) + ")");
            }
        };
    SteppingScope stepping(self);
    try {
        Run loop(*self.sim, *recording.recorder, options);
        if (loop.result().refused) throw py::value_error(loop.result().message);
        step_checking_signals([&] { return !loop.finished() && loop.step(); });
        recording.run = loop.result();
    } catch (const std::bad_alloc&) {
        const Recorder& r = *recording.recorder;
        throw_memory_error("out of memory after recording " + std::to_string(r.row_count()) + " samples of " +
                           std::to_string(r.channel_count()) + " channels (" +
                           std::to_string(sample_count(duration, sample)) +
                           " asked for): record fewer samples (a longer sample period, a shorter duration, "
                           "groups=) or use `hfd simulate --out`, which writes them as they are recorded");
    }
    if (PyErr_Occurred()) throw py::error_already_set();
    self.seen_excitation = std::as_const(*self.sim).controls().excitation;
    return recording;
}

// The state as numpy arrays.
void bind_state(py::class_<PySimulation>& cls) {
    cls.def_property_readonly("state_size", [](const PySimulation& s) { return state_size(s.sim->model()); })
        .def(
            "get_state",
            [](const PySimulation& s, std::optional<py::array> out) {
                Array array = output_array(out, state_size(s.sim->model()));
                pack_state(s.state(), array.mutable_data());
                return array;
            },
            py::arg("out") = py::none(),
            "Flat state [time, pos (3/body), ori (w x y z/body), lin_vel, ang_vel, activation, fiber_length]")
        .def(
            "set_state",
            [](PySimulation& s, const Array& values) {
                if (size_t(values.size()) != state_size(s.sim->model()))
                    throw py::value_error("expected " + std::to_string(state_size(s.sim->model())) + " values");
                check_state_values(s.sim->model(), values.data());
                unpack_state(values.data(), s.writable_state());
            },
            py::arg("values"))
        .def_property(
            "pos", [](const PySimulation& s) { return vec3_rows(s.state().pos); },
            [](PySimulation& s, const Array& v) { set_vec3_rows(s, &State::pos, v); },
            "(bodies, 3) centres of mass, world")
        .def_property(
            "lin_vel", [](const PySimulation& s) { return vec3_rows(s.state().lin_vel); },
            [](PySimulation& s, const Array& v) { set_vec3_rows(s, &State::lin_vel, v); })
        .def_property(
            "ang_vel", [](const PySimulation& s) { return vec3_rows(s.state().ang_vel); },
            [](PySimulation& s, const Array& v) { set_vec3_rows(s, &State::ang_vel, v); })
        .def_property(
            "ori",
            [](const PySimulation& s) {
                const std::vector<Quat>& ori = s.state().ori;
                Array array({py::ssize_t(ori.size()), py::ssize_t(4)});
                auto a = array.mutable_unchecked<2>();
                for (size_t r = 0; r < ori.size(); ++r) {
                    a(r, 0) = ori[r].w();
                    a(r, 1) = ori[r].x();
                    a(r, 2) = ori[r].y();
                    a(r, 3) = ori[r].z();
                }
                return array;
            },
            [](PySimulation& s, const Array& v) {
                std::vector<Quat>& ori = s.writable_state().ori;
                if (v.ndim() != 2 || size_t(v.shape(0)) != ori.size() || v.shape(1) != 4)
                    throw py::value_error("expected an array of shape (" + std::to_string(ori.size()) +
                                          ", 4), w x y z");
                auto a = v.unchecked<2>();
                for (size_t r = 0; r < ori.size(); ++r)
                    check_quaternion(s.sim->model(), r, Quat(a(r, 0), a(r, 1), a(r, 2), a(r, 3)));
                for (size_t r = 0; r < ori.size(); ++r) ori[r] = Quat(a(r, 0), a(r, 1), a(r, 2), a(r, 3)).normalized();
            },
            "(bodies, 4) body -> world quaternions, w x y z")
        .def_property(
            "activation",
            [](const PySimulation& s) {
                return Array(py::ssize_t(s.state().activation.size()), s.state().activation.data());
            },
            [](PySimulation& s, const Array& v) { set_vector(s, &State::activation, v); })
        .def_property(
            "fiber_length",
            [](const PySimulation& s) {
                return Array(py::ssize_t(s.state().fiber_length.size()), s.state().fiber_length.data());
            },
            [](PySimulation& s, const Array& v) { set_vector(s, &State::fiber_length, v); });
}

// Excitations and dofs.
void bind_controls_and_dofs(py::class_<PySimulation>& cls) {
    cls.def_property(
           "excitation",
           [](py::object self) {
               PySimulation& s = self.cast<PySimulation&>();
               std::vector<double>& excitation = s.writable_controls().excitation;
               s.seen_excitation.clear();  // the view may be written at any time
               return py::array_t<double>(py::ssize_t(excitation.size()), excitation.data(), self);
           },
           [](PySimulation& s, const Array& v) {
               std::vector<double>& excitation = s.writable_controls().excitation;
               if (v.ndim() != 1 || size_t(v.shape(0)) != excitation.size())
                   throw py::value_error("expected " + std::to_string(excitation.size()) + " excitations");
               s.check_excitations(std::vector<double>(v.data(), v.data() + v.size()), "");
               std::copy_n(v.data(), excitation.size(), excitation.data());
           },
           "per muscle, 0..1: a writable view of the simulation's excitations (no copy)")
        .def_property_readonly("dofs",
                               [](const PySimulation& s) {
                                   std::vector<std::string> names;
                                   for (const Dof& d : s.sim->model().dofs) names.push_back(d.name);
                                   return names;
                               })
        .def_property_readonly("muscles",
                               [](const PySimulation& s) {
                                   std::vector<std::string> names;
                                   for (const Muscle& d : s.sim->model().muscles) names.push_back(d.name);
                                   return names;
                               })
        .def_property_readonly("bodies",
                               [](const PySimulation& s) {
                                   std::vector<std::string> names;
                                   for (const Body& d : s.sim->model().bodies) names.push_back(d.name);
                                   return names;
                               })
        .def(
            "dof_values",
            [](const PySimulation& s, std::optional<py::array> out) {
                const Model& model = s.sim->model();
                Array array = output_array(out, model.dofs.size());
                double* data = array.mutable_data();
                for (Index d = 0; d < Index(model.dofs.size()); ++d) data[d] = dof_value(model, s.state(), d);
                return array;
            },
            py::arg("out") = py::none(), "value of every dof [rad | m], in model order")
        .def(
            "dof_velocities",
            [](const PySimulation& s, std::optional<py::array> out) {
                const Model& model = s.sim->model();
                Array array = output_array(out, model.dofs.size());
                double* data = array.mutable_data();
                for (Index d = 0; d < Index(model.dofs.size()); ++d) data[d] = dof_velocity(model, s.state(), d);
                return array;
            },
            py::arg("out") = py::none())
        .def(
            "set_dofs",
            [](PySimulation& s, const Array& values, std::optional<Array> velocities, bool initial) {
                const Model& model = s.sim->model();
                if (size_t(values.size()) != model.dofs.size() ||
                    (velocities && size_t(velocities->size()) != model.dofs.size()))
                    throw py::value_error("expected " + std::to_string(model.dofs.size()) + " dof values");
                DofAssignment dofs{std::vector<double>(values.data(), values.data() + values.size()),
                                   std::vector<double>(model.dofs.size(), 0.0)};
                if (velocities) std::copy_n(velocities->data(), dofs.velocity.size(), dofs.velocity.data());
                State posed = s.state();
                apply_dofs(model, dofs, posed);
                if (initial) s.sim->set_initial_state(posed);
                else s.writable_state() = posed;
            },
            py::arg("values"), py::arg("velocities") = py::none(), py::arg("initial") = false,
            "Poses the bodies from dof values (and velocities, default 0) down the joint tree; "
            "initial=True also makes it the initial state (muscles re-equilibrated).");
}

// Channels of the current state, and recorded runs.
void bind_channels_and_run(py::class_<PySimulation>& cls) {
    cls.def("channel_names",
            [](PySimulation& s) {
                std::vector<std::string> names;
                for (const Channel& c : s.channel_probe().channels()) names.push_back(c.name);
                return names;
            })
        .def(
            "read_channels",
            [](PySimulation& s, std::optional<py::array> out) {
                Recorder& probe = s.channel_probe();
                Array array = output_array(out, probe.channel_count());
                std::memcpy(array.mutable_data(), probe.row(0), probe.channel_count() * sizeof(double));
                return array;
            },
            py::arg("out") = py::none(), "every channel (see channel_names) of the current state")
        .def(
            "channel",
            [](PySimulation& s, const std::string& name) {
                Recorder& probe = s.channel_probe();
                const Index c = probe.find_channel(name);
                if (c == no_index) throw py::key_error("no channel '" + name + "'");
                return probe.value(0, size_t(c));
            },
            py::arg("name"), "one channel of the current state: 'knee_angle_r', 'femur_r.pos_y', 'vasti_r.force'")
        .def(
            "run",
            [](py::object self, double duration, double sample, std::optional<std::string> excitation,
               std::optional<std::string> excitation_text, const std::string& groups, py::object control) {
                return run(self.cast<PySimulation&>(), duration, sample, excitation, excitation_text, groups, control,
                           self);
            },
            py::arg("duration") = 1.0, py::arg("sample") = 0.01, py::arg("excitation") = py::none(),
            py::arg("excitation_text") = py::none(), py::arg("groups") = "all", py::arg("control") = py::none(),
            "Runs from the current state with the run loop of `hfd simulate` and returns the Recording. "
            "control(time, excitation) is called before every step and sample and may write the excitations.");
}

}  // namespace

void bind_simulation(py::module_& m) {
    py::class_<PySimulation> cls(m, "Simulation", "A simulation of a model, built as `hfd simulate` builds it.");
    cls.def(py::init(&create), py::arg("model"), py::arg("config") = py::none(), py::arg("state") = py::none(),
            py::arg("state_text") = py::none(),
            "model: hfd.Model; config: hfd.Config (default: the model file's own blocks); "
            "state: initial state file (dof values / velocities)")
        .def_property_readonly("model", [](const PySimulation& s) { return s.model; })
        .def_property_readonly("warnings", [](const PySimulation& s) { return s.warnings; })
        .def_property_readonly("time", [](const PySimulation& s) { return s.state().time; })
        .def_property_readonly("is_planar", [](const PySimulation& s) { return s.sim->is_planar(); })
        .def(
            "step",
            [](PySimulation& s, double until) {
                if (!(until > s.state().time))
                    throw py::value_error("step(until=" + std::to_string(until) + ") must be after the current time " +
                                          std::to_string(s.state().time));
                SteppingScope stepping(s);
                s.notice_excitation_writes();
                bool ok;
                {
                    py::gil_scoped_release release;
                    ok = s.sim->step(until);
                }
                check_step(s, ok);
                return s.state().time;
            },
            py::arg("until") = std::numeric_limits<double>::infinity(),
            "One integrator step (at most up to `until`); returns the new time. Raises SimulationError.")
        .def(
            "advance_to", [](PySimulation& s, double time) { advance_to(s, time); }, py::arg("time"),
            "Steps until time (the last step shortened to land on it). Ctrl+C raises KeyboardInterrupt.")
        .def(
            "advance",
            [](PySimulation& s, double dt) {
                if (!std::isfinite(dt) || dt < 0)
                    throw py::value_error("advance(dt=" + std::to_string(dt) + "): dt must be a finite number >= 0");
                advance_to(s, s.state().time + dt);
            },
            py::arg("dt"))
        .def(
            "evaluate",
            [](PySimulation& s) {
                s.notice_excitation_writes();
                s.sim->evaluate();
            },
            "Forces and accelerations of the current state (read them through channels).")
        .def(
            "reset",
            [](PySimulation& s) {
                s.check_free();
                s.sim->reset();
            },
            "Back to the initial state (excitations kept).")
        .def(
            "set_initial_state", [](PySimulation& s) { s.sim->set_initial_state(s.state()); },
            "The current state becomes the initial state (muscles re-equilibrated).")
        .def_property_readonly("accepted_steps", [](const PySimulation& s) { return s.sim->accepted_steps(); })
        .def_property_readonly("rejected_steps", [](const PySimulation& s) { return s.sim->rejected_steps(); })
        .def_property_readonly("last_step_size", [](const PySimulation& s) { return s.sim->last_step_size(); });
    bind_state(cls);
    bind_controls_and_dofs(cls);
    bind_channels_and_run(cls);
}

}  // namespace hfd::python
