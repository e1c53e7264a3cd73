// .osim -> .hfd. The XML is read into OsimModel (osim_read*.cpp), converted
// to a property tree (osim_convert*.cpp) and written as text. Converted:
// bodies (moved to mass-centre principal frames), meshes, joints (Pin, Weld,
// Ball, Gimbal, Universal, Slider, Planar, Free, Custom with linear axes),
// coordinate limits and CoordinateLimitForce, muscles with path points,
// HuntCrossleyForce with spheres and half-spaces, coordinates as dofs.
// Massless bodies, zero inertias and rigid joints are first made expressible
// (osim_simplify.cpp).
// Everything else appears in the report, one line each.
#include "osim/osim_import.h"

#include "format/read_text_file.h"
#include "format/writer.h"
#include "osim/osim_convert.h"
#include "osim/osim_read.h"

namespace hfd {

namespace {

OsimImportResult fail(const std::string& file, int line, int column, const std::string& message) {
    OsimImportResult result;
    result.report.push_back(Diagnostic{Severity::Error, SourceLocation{file, line, column}, message});
    return result;
}

}  // namespace

OsimImportResult import_osim_text(const std::string& xml, const std::string& file_name,
                                  const OsimImportOptions& options) {
    using namespace osim;
    const LineIndex lines(xml);
    pugi::xml_document document;
    const pugi::xml_parse_result parsed =
        document.load_buffer(xml.data(), xml.size(), pugi::parse_default | pugi::parse_ws_pcdata_single);
    if (!parsed) {
        const SourceLocation at = lines.locate(parsed.offset, file_name);
        return fail(file_name, at.line, at.column, std::string("malformed XML: ") + parsed.description());
    }
    Report report(lines, file_name);
    pugi::xml_node root = document.document_element();
    pugi::xml_node model_element = root.child("Model");
    if (std::string(root.name()) != "OpenSimDocument" || !model_element) {
        report.error(root, "not an OpenSim model: expected <OpenSimDocument> holding <Model>");
        return OsimImportResult{false, {}, {}, std::move(report.diagnostics())};
    }
    const int version = root.attribute("Version").as_int(40000);
    OsimModel model;
    model.name = model_element.attribute("name").value();
    if (auto gravity = child_vec3(model_element, "gravity", report)) model.gravity = *gravity;
    if (version < 30000)
        report.warning(root, "OpenSim document version " + std::to_string(version) + " read as version 3");
    if (version < 40000) read_osim3(model_element, model, report);
    else read_osim4(model_element, model, report);
    report_model_children(model_element, report);
    read_couplers(model_element, model, report);

    OsimImportResult result;
    if (!report.has_errors()) {
        fold_joint_motion_into_paths(model, report);
        simplify_for_hfd(model, options, report);
        result.root = convert_model(model, options, report);
        result.text = write_text(result.root);
    }
    result.ok = !report.has_errors();
    result.report = std::move(report.diagnostics());
    return result;
}

OsimImportResult import_osim_file(const std::string& path, const OsimImportOptions& options) {
    const std::optional<std::string> text = read_text_file(path);
    if (!text) return fail(path, 0, 0, "cannot open file");
    return import_osim_text(*text, path, options);
}

}  // namespace hfd
