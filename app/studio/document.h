#pragma once
// The edited model file: its text (a QTextDocument the editor shows), its
// path, the dirty flag (the text's modified flag, so undoing back to the saved
// text clears it), and the latest parse / build result with the last model
// that built without errors (kept while the text is invalid).
#include "model_analyzer.h"

#include <QObject>
#include <QString>
#include <memory>

class QTextDocument;

namespace hfd::studio {

class Document : public QObject {
    Q_OBJECT
public:
    explicit Document(QObject* parent = nullptr);

    QTextDocument* textDocument() const { return text_; }
    editor::ModelAnalyzer* analyzer() const { return analyzer_; }

    QString path() const { return path_; }  // empty for an unsaved document
    bool isUntitled() const { return path_.isEmpty(); }
    // Where Save As starts for an untitled document (an imported .osim -> .hfd next to it).
    QString suggestedPath() const { return suggested_path_; }
    QString displayName() const;
    bool isDirty() const;
    QString text() const;

    // Replaces the content by the file; keeps the document unchanged on failure.
    bool load(const QString& path, QString* error);
    // Replaces the content by unsaved text. `suggested_path` is used for Save As
    // and for resolving mesh files.
    void setUntitled(const QString& text, const QString& suggested_path, bool dirty);
    // Atomic write; on failure the document stays dirty and error says why.
    bool save(QString* error);
    bool saveAs(const QString& path, QString* error);

    const editor::Analysis* analysis() const { return analyzer_->latest(); }
    // The last model built without errors from this document's text (nullptr before the first).
    const Model* lastValidModel() const { return last_valid_model_.get(); }
    // The same model, shared with the view and the docks: immutable, a new build replaces it.
    std::shared_ptr<const Model> sharedModel() const { return last_valid_model_; }

signals:
    void pathChanged(const QString& path);
    void dirtyChanged(bool dirty);
    void contentReplaced();                 // new / open / reload / import: a different file, not an edit
    void savedAs(const QString& path);      // the same content now lives in another file
    void fileWritten(const QString& path);  // after every successful save: the file holds the text
    void analyzed(const hfd::editor::Analysis& analysis);
    void modelChanged(const hfd::Model& model);  // lastValidModel() was replaced

private:
    void setPath(const QString& path);
    void replaceText(const QString& text, bool dirty);
    void onAnalyzed(const editor::Analysis& analysis);

    QTextDocument* text_;
    editor::ModelAnalyzer* analyzer_;
    QString path_;
    QString suggested_path_;
    bool crlf_line_endings_ = false;
    bool replacing_ = false;
    std::shared_ptr<const Model> last_valid_model_;
};

}  // namespace hfd::studio
