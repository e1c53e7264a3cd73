// hfd.Recording: rows of channels recorded by the run loop, exposed to numpy
// without copies (the arrays keep the recording alive), and written as CSV by
// the same writer as `hfd simulate --out`.
#include "bindings.h"

#include "run/csv_writer.h"

namespace hfd::python {

namespace {

Index channel_index(const Recorder& recorder, const std::string& name) {
    Index index = recorder.find_channel(name);
    if (index == no_index)  // also accept the label with its unit: "knee_angle_r [rad]"
        for (size_t c = 0; c < recorder.channel_count(); ++c)
            if (channel_label(recorder.channels()[c]) == name) index = Index(c);
    if (index == no_index) throw py::key_error("no channel '" + name + "' in the recording");
    return index;
}

py::array_t<double> values_view(const PyRecording& recording, py::handle owner) {
    const Recorder& r = *recording.recorder;
    const auto rows = py::ssize_t(r.row_count()), columns = py::ssize_t(r.channel_count());
    py::array_t<double> array({rows, columns}, {py::ssize_t(sizeof(double)) * columns, py::ssize_t(sizeof(double))},
                              r.values().data(), owner);
    array.attr("setflags")(py::arg("write") = false);
    return array;
}

std::string csv_text(const Recorder& recorder, GroupMask groups) {
    std::string text;
    write_recording_csv(
        [&](std::string_view piece) {
            text.append(piece);
            return true;
        },
        recorder, groups);
    return text;
}

}  // namespace

void bind_recording(py::module_& m) {
    py::class_<PyRecording>(m, "Recording", "Channels sampled at a fixed period by the run loop.")
        .def_property_readonly(
            "channels",
            [](const PyRecording& r) {
                std::vector<std::string> names;
                for (const Channel& c : r.recorder->channels()) names.push_back(c.name);
                return names;
            },
            "channel names, one per column of values")
        .def_property_readonly(
            "labels",
            [](const PyRecording& r) {
                std::vector<std::string> labels;
                for (const Channel& c : r.recorder->channels()) labels.push_back(channel_label(c));
                return labels;
            },
            "CSV header labels with units: 'knee_angle_r [rad]'")
        .def_property_readonly(
            "values", [](py::object self) { return values_view(self.cast<const PyRecording&>(), self); },
            "read-only (rows, channels) array; no copy")
        .def(
            "__getitem__",
            [](py::object self, const std::string& name) {
                const PyRecording& r = self.cast<const PyRecording&>();
                const Index column = channel_index(*r.recorder, name);
                py::object all = values_view(r, self);
                return py::object(all[py::make_tuple(py::ellipsis(), column)]);
            },
            py::arg("channel"), "one channel over time (a view)")
        .def("__contains__",
             [](const PyRecording& r, const std::string& name) { return r.recorder->find_channel(name) != no_index; })
        .def_property_readonly("time",
                               [](py::object self) {
                                   const PyRecording& r = self.cast<const PyRecording&>();
                                   py::object all = values_view(r, self);
                                   return py::object(all[py::make_tuple(py::ellipsis(), 0)]);
                               })
        .def_property_readonly("rows", [](const PyRecording& r) { return r.recorder->row_count(); })
        .def_property_readonly("ok", [](const PyRecording& r) { return r.run.ok; })
        .def_property_readonly(
            "message", [](const PyRecording& r) { return r.run.message; },
            "why the run stopped early; empty when it finished")
        .def_property_readonly("steps", [](const PyRecording& r) { return r.run.steps; })
        .def_property_readonly("end_time", [](const PyRecording& r) { return r.run.time; })
        .def(
            "csv_text",
            [](const PyRecording& r, const std::string& groups) { return csv_text(*r.recorder, parse_groups(groups)); },
            py::arg("groups") = "all", "the CSV hfd simulate --out writes, as a string")
        .def(
            "to_csv",
            [](const PyRecording& r, const std::string& path, const std::string& groups) {
                std::string error;
                if (!save_recording_csv(path, *r.recorder, parse_groups(groups), &error))
                    throw_error(path, "cannot write: " + error);
            },
            py::arg("path"), py::arg("groups") = "all")
        .def("__len__", [](const PyRecording& r) { return r.recorder->row_count(); })
        .def("__repr__", [](const PyRecording& r) {
            return "<hfd.Recording " + std::to_string(r.recorder->row_count()) + " rows x " +
                   std::to_string(r.recorder->channel_count()) + " channels" +
                   (r.run.ok ? std::string() : ", stopped: " + r.run.message) + ">";
        });

    m.def(
        "csv_table",
        [](const std::vector<std::string>& header,
           py::array_t<double, py::array::c_style | py::array::forcecast> values) {
            if (values.ndim() != 2 || size_t(values.shape(1)) != header.size())
                throw py::value_error("values must be (rows, len(header))");
            std::vector<size_t> columns(header.size());
            for (size_t c = 0; c < columns.size(); ++c) columns[c] = c;
            std::string text;
            write_csv_table(
                [&](std::string_view piece) {
                    text.append(piece);
                    return true;
                },
                header, values.data(), size_t(values.shape(0)), header.size(), columns);
            return text;
        },
        py::arg("header"), py::arg("values"), "CSV text written exactly as hfd's own CSV writer writes it");
}

}  // namespace hfd::python
