#pragma once
// The Help menu entries besides About: Samples (one entry per .hfd file of the
// samples folder, opened like File > Open, so unsaved changes are asked about
// first) and Format Reference (a non-modal window, see format_reference_window.h).
#include <QList>
#include <QObject>
#include <QString>

class QAction;
class QMenu;
class QWidget;

namespace hfd::studio {

class FileActions;
class FormatReferenceWindow;

struct SampleFile {
    QString path;     // absolute
    QString name;     // file base name: "arm_muscles"
    QString summary;  // from the header comment, see sample_summary()
};

// The folder the studio was built with (HFD_SAMPLES_DIR).
QString default_samples_directory();
// The *.hfd files of `directory` sorted by file name; empty when it is missing.
QList<SampleFile> sample_files(const QString& directory);
// What a sample shows, from its first comment line: "# name.hfd: what it shows"
// gives the text after the colon, another first line is taken whole; continued
// on the following comment lines until a blank comment line or the end of a
// sentence, cut to a tooltip's length. Empty when the text does not start with
// a comment.
QString sample_summary(const QString& text);

class HelpMenu : public QObject {
    Q_OBJECT
public:
    // Adds Samples, Format Reference and a separator to `help_menu`.
    HelpMenu(QMenu* help_menu, FileActions* file_actions, QWidget* window,
             const QString& samples_directory = default_samples_directory());

    // The submenu is named SamplesMenu and the action formatReferenceAction; the
    // FormatReferenceWindow is made when Format Reference is first chosen.

    void setSamplesDirectory(const QString& directory);

public slots:
    // Lists the folder again (also done whenever the submenu opens).
    void refreshSamples();
    void showFormatReference();

private:
    FileActions* file_actions_;
    QWidget* window_;
    QString samples_directory_;
    QMenu* samples_menu_;
    QAction* format_reference_;
    FormatReferenceWindow* reference_window_ = nullptr;
};

}  // namespace hfd::studio
