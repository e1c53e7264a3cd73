#include "scenario/scenario_file.h"

#include "format/parser.h"
#include "format/read_text_file.h"

#include <filesystem>

namespace hfd {

namespace {

// Includes nested deeper than this are taken for a cycle.
constexpr int max_include_depth = 16;

void mark_source(PropNode& node, const std::string* file) {
    if (!node.source_file) node.source_file = file;
    for (PropNode& child : node.children) mark_source(child, file);
}

// Replaces every "<<" node below `group` by the nodes of the file it names.
void splice_includes(PropNode& group, const std::string& file, ScenarioFile& scenario, int depth) {
    for (size_t i = 0; i < group.children.size(); ++i) {
        PropNode& node = group.children[i];
        if (node.key != "<<") {
            if (!node.children.empty())
                splice_includes(node, node.source_file ? *node.source_file : file, scenario, depth);
            continue;
        }
        const std::string& including = node.source_file ? *node.source_file : file;
        const std::string path = resolve_path(std::filesystem::path(including).parent_path().string(), node.value);
        const SourceLocation where = location_of(node, file);
        if (depth >= max_include_depth) {
            scenario.diagnostics.push_back({Severity::Error, where,
                                            "includes nested deeper than " + std::to_string(max_include_depth) +
                                                " files at '" + node.value + "' (an include cycle?)"});
            group.children.erase(group.children.begin() + long(i));
            --i;
            continue;
        }
        const std::optional<std::string> text = read_text_file(path);
        if (!text) {
            scenario.diagnostics.push_back({Severity::Error, where, "cannot open included file '" + path + "'"});
            group.children.erase(group.children.begin() + long(i));
            --i;
            continue;
        }
        scenario.included->push_back(path);
        const std::string* name = &scenario.included->back();
        ParseResult parsed = parse_text(*text, path);
        for (Diagnostic& diagnostic : parsed.diagnostics) scenario.diagnostics.push_back(std::move(diagnostic));
        for (PropNode& child : parsed.root.children) mark_source(child, name);
        splice_includes(parsed.root, path, scenario, depth + 1);
        std::vector<PropNode> nodes = std::move(parsed.root.children);
        group.children.erase(group.children.begin() + long(i));
        group.children.insert(group.children.begin() + long(i), std::make_move_iterator(nodes.begin()),
                              std::make_move_iterator(nodes.end()));
        i += nodes.size();
        --i;
    }
}

}  // namespace

std::string resolve_path(const std::string& directory, const std::string& path) {
    const std::filesystem::path written(path);
    if (written.is_absolute() || directory.empty()) return written.lexically_normal().string();
    return (std::filesystem::path(directory) / written).lexically_normal().string();
}

std::string find_scenario_file(const std::string& directory, const std::string& path) {
    const std::string written = resolve_path(directory, path);
    std::error_code error;
    if (std::filesystem::exists(written, error)) return written;
    const std::filesystem::path name = std::filesystem::path(path).filename();
    for (const std::filesystem::path& candidate :
         {std::filesystem::path(directory) / name, std::filesystem::path(directory) / ".." / name})
        if (!name.empty() && std::filesystem::is_regular_file(candidate, error))
            return candidate.lexically_normal().string();
    return written;
}

ScenarioFile read_scenario_text(std::string_view text, const std::string& path) {
    ScenarioFile scenario;
    scenario.file = path;
    scenario.directory = std::filesystem::path(path).parent_path().string();
    ParseResult parsed = parse_text(text, path);
    scenario.root = std::move(parsed.root);
    scenario.diagnostics = std::move(parsed.diagnostics);
    splice_includes(scenario.root, path, scenario, 0);
    return scenario;
}

ScenarioFile read_scenario_file(const std::string& path) {
    const std::optional<std::string> text = read_text_file(path);
    if (!text) {
        ScenarioFile scenario;
        scenario.file = path;
        scenario.diagnostics.push_back({Severity::Error, {path, 0, 0}, "cannot open scenario file"});
        return scenario;
    }
    return read_scenario_text(*text, path);
}

}  // namespace hfd
