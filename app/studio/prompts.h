#pragma once
// Questions the studio asks the user. Each is a replaceable function so that
// tests (and scripted use) can answer them without dialogs.
#include <QSize>
#include <QString>
#include <functional>
#include <optional>

class QWidget;

namespace hfd::studio {

enum class UnsavedChoice { Save, Discard, Cancel };

// A file other than the model (an export, a config): the dialog's title and type filter say what.
struct FileRequest {
    QString title;      // "Export Trajectory as CSV"
    QString suggested;  // file name or path to start from
    QString filter;     // "CSV files (*.csv)"
};

// The type filter of File > Open: every type the studio opens first ("All supported
// files (*.hfd *.osim ...)", the dialog's default), then each type, then all files.
QString open_file_filter();

struct StudioPrompts {
    // "The document has unsaved changes": Save / Discard / Cancel.
    std::function<UnsavedChoice(const QString& document_name)> unsaved_changes;
    // "The file was changed by another program; reload it? The unsaved edits would be
    // lost": true reloads, false keeps the editor's text.
    std::function<bool(const QString& document_name)> reload_changed_file;
    // A file to open (empty: cancelled); `directory` is where to start.
    std::function<QString(const QString& directory)> open_path;
    // A file to save to (empty: cancelled).
    std::function<QString(const QString& suggested_path)> save_path;
    // A file to read that is not a model, such as a simulation config (empty: cancelled).
    std::function<QString(const FileRequest& request)> input_path;
    // A file to export to (empty: cancelled).
    std::function<QString(const FileRequest& request)> export_path;
    // The size in pixels of an image of the 3D view, starting from `suggested` (empty: cancelled).
    std::function<std::optional<QSize>(QSize suggested)> image_size;
    // An .osim file to import (empty: cancelled).
    std::function<QString(const QString& directory)> import_path;
    std::function<void(const QString& title, const QString& message)> error;

    // The standard dialogs, parented to `window`.
    static StudioPrompts dialogs(QWidget* window);
};

}  // namespace hfd::studio
