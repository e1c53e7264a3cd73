#include "document.h"

#include "format/writer.h"

#include <QFile>
#include <QFileInfo>
#include <QPlainTextDocumentLayout>
#include <QTextDocument>

namespace hfd::studio {

namespace {
constexpr qint64 max_file_size = 64 * 1024 * 1024;
}

Document::Document(QObject* parent) : QObject(parent) {
    text_ = new QTextDocument(this);
    text_->setDocumentLayout(new QPlainTextDocumentLayout(text_));
    analyzer_ = new editor::ModelAnalyzer(text_, this);
    connect(text_, &QTextDocument::modificationChanged, this, [this](bool dirty) {
        if (!replacing_) emit dirtyChanged(dirty);
    });
    connect(analyzer_, &editor::ModelAnalyzer::analyzed, this, &Document::onAnalyzed);
}

QString Document::displayName() const {
    if (!path_.isEmpty()) return QFileInfo(path_).fileName();
    if (!suggested_path_.isEmpty()) return QFileInfo(suggested_path_).fileName();
    return tr("untitled.hfd");
}

bool Document::isDirty() const { return text_->isModified(); }

QString Document::text() const { return text_->toPlainText(); }

void Document::setPath(const QString& path) {
    QString absolute = path.isEmpty() ? QString() : QFileInfo(path).absoluteFilePath();
    QString analysis_name = absolute.isEmpty() ? suggested_path_ : absolute;
    analyzer_->setFileName(QFile::encodeName(analysis_name).toStdString());
    if (absolute == path_) return;
    path_ = absolute;
    emit pathChanged(path_);
}

void Document::replaceText(const QString& text, bool dirty) {
    const bool was_dirty = isDirty();
    last_valid_model_.reset();
    replacing_ = true;          // one dirtyChanged for the whole replacement, if any
    text_->setPlainText(text);  // also clears the undo history
    text_->setModified(dirty);
    replacing_ = false;
    emit contentReplaced();
    if (dirty != was_dirty) emit dirtyChanged(dirty);
    analyzer_->analyzeNow();
}

bool Document::load(const QString& path, QString* error) {
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        if (error) *error = tr("Cannot open %1: %2").arg(path, file.errorString());
        return false;
    }
    if (file.size() > max_file_size) {
        if (error) *error = tr("%1 is too large for the editor (%2 MB)").arg(path).arg(file.size() >> 20);
        return false;
    }
    QByteArray bytes = file.readAll();
    if (bytes.contains('\0')) {
        if (error) *error = tr("%1 is not a text file").arg(path);
        return false;
    }
    crlf_line_endings_ = bytes.contains("\r\n");
    QString text = QString::fromUtf8(bytes);
    text.replace(QStringLiteral("\r\n"), QStringLiteral("\n"));
    suggested_path_.clear();
    setPath(path);
    replaceText(text, false);
    return true;
}

void Document::setUntitled(const QString& text, const QString& suggested_path, bool dirty) {
    crlf_line_endings_ = false;
    suggested_path_ = suggested_path;
    path_.clear();  // setPath only signals on change; force it for untitled docs
    setPath({});
    emit pathChanged(path_);
    replaceText(text, dirty);
}

bool Document::save(QString* error) {
    if (path_.isEmpty()) {
        if (error) *error = tr("The document has no file name yet");
        return false;
    }
    return saveAs(path_, error);
}

bool Document::saveAs(const QString& path, QString* error) {
    QString text = text_->toPlainText();
    if (crlf_line_endings_) text.replace(QStringLiteral("\n"), QStringLiteral("\r\n"));
    std::string reason;
    if (!write_file_atomic(QFile::encodeName(path).toStdString(), text.toStdString(), &reason)) {
        if (error) *error = QString::fromStdString(reason);
        return false;
    }
    suggested_path_.clear();
    const QString old_path = path_;
    setPath(path);
    if (path_ != old_path) emit savedAs(path_);
    text_->setModified(false);
    emit fileWritten(path_);
    if (!analyzer_->isCurrent() || analyzer_->latest()->file_name != analyzer_->fileName())
        analyzer_->analyzeNow();  // diagnostics name the new file, meshes resolve next to it
    return true;
}

void Document::onAnalyzed(const editor::Analysis& analysis) {
    if (analysis.build.ok() && (analysis.model_changed || !last_valid_model_)) {
        last_valid_model_ = std::make_shared<const Model>(*analysis.build.model);
        emit modelChanged(*last_valid_model_);
    }
    emit analyzed(analysis);
}

}  // namespace hfd::studio
