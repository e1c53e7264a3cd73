#pragma once
// Re-parses and rebuilds the model when typing pauses (debounced), so that the
// diagnostics, the tree and the 3D view follow the text.
#include "format/parser.h"
#include "model/build_model.h"

#include <QObject>
#include <QTimer>
#include <memory>
#include <string>

class QTextDocument;

namespace hfd::editor {

struct Analysis {
    int revision = -1;  // ModelAnalyzer::revision() of the text analyzed
    std::string text;   // UTF-8 text that was parsed (node offsets refer to it)
    std::string file_name;
    ParseResult parse;
    BuildResult build;           // empty (no model, no diagnostics) when parsing failed
    bool model_changed = false;  // the model content differs from the previous analysis
    // Parse errors, or else build errors and warnings.
    std::vector<Diagnostic> diagnostics() const;
};

class ModelAnalyzer : public QObject {
    Q_OBJECT
public:
    explicit ModelAnalyzer(QTextDocument* document, QObject* parent = nullptr);

    void setFileName(const std::string& file_name);  // for diagnostics and mesh paths
    const std::string& fileName() const { return file_name_; }

    int revision() const { return revision_; }
    bool isCurrent() const { return latest_ && latest_->revision == revision_; }
    // The most recent analysis (never null after the first analyzeNow()).
    const Analysis* latest() const { return latest_.get(); }

public slots:
    void analyzeNow();
    void ensureCurrent();  // analyzes now when the text changed since the last analysis

signals:
    void analyzed(const hfd::editor::Analysis& analysis);

private:
    QTextDocument* document_;
    QTimer* timer_;  // the typing pause before an analysis
    int revision_ = 0;
    std::string file_name_;
    std::unique_ptr<Analysis> latest_;
    PropNode last_built_root_;  // the `model` content of the last successful build
    bool has_built_ = false;
};

}  // namespace hfd::editor
