#pragma once
// The studio main window. It only creates the docks, menus and status bar and
// connects them; each dock is its own class. To add a dock: create it with an
// objectName and call addDock() (it is then listed in View and its placement
// persists). To add a menu: addMenu() inserts it before Help.
#include "prompts.h"

#include <QMainWindow>
#include <QMap>
#include <functional>

class QLabel;

namespace hfd::editor {
struct Analysis;
}

namespace hfd::studio {

class Document;
class DiagnosticsDock;
class EditorDock;
class FileActions;
class ModelTreeDock;
class RecentFiles;
class SelectionSync;
class SimulationUi;
class Theme;
class ViewerPane;
class ViewOptions;

struct MainWindowOptions {
    bool with_viewer = true;       // false: no Qt3D view (tests on platforms without OpenGL)
    bool use_dialogs = true;       // false: prompts answer Cancel until replaced (tests)
    bool restore_settings = true;  // window geometry, dock layout and View > Show from the last session (and saved)
    bool remember_recent_files = true;  // false: opened files stay out of the user's Open Recent
};

class MainWindow : public QMainWindow {
    Q_OBJECT
public:
    explicit MainWindow(const MainWindowOptions& options = {}, QWidget* parent = nullptr);
    ~MainWindow() override;

    Document* document() const { return document_; }
    StudioPrompts& prompts() { return prompts_; }
    FileActions* fileActions() const { return file_actions_; }

    ViewerPane* viewerPane() const { return viewer_pane_; }  // the central widget
    DiagnosticsDock* diagnosticsDock() const { return diagnostics_dock_; }
    SimulationUi* simulationUi() const { return simulation_ui_; }  // the simulation's controller and docks

    // Extension points for further docks and menus.
    void addDock(QDockWidget* dock, Qt::DockWidgetArea area);
    QMenu* addMenu(const QString& title);
    QMenu* fileMenu() const { return file_menu_; }

    // Opens a file (asking about unsaved changes first); errors go to prompts().error.
    // Files with a suffix given to addFileHandler go to that handler instead (drops too;
    // File > Open and Open Recent too when `from_open` is set).
    bool openFile(const QString& path);
    void addFileHandler(const QString& suffix, std::function<bool(const QString& path)> handler,
                        bool from_open = false);
    // Shown in the title after the file name, e.g. the loaded config and state files.
    void setTitleDetail(const QString& detail);
    void resetLayout();

protected:
    void closeEvent(QCloseEvent* event) override;
    void dragEnterEvent(QDragEnterEvent* event) override;
    void dropEvent(QDropEvent* event) override;

private:
    void createDocks(bool with_viewer);
    void createMenus();
    void createEditMenu();
    void keepQuitLast();  // File ends with a separator and Quit, whatever was added to it
    void createViewMenu();
    void createStatusBar();
    void connectDocument();
    void onAnalyzed(const editor::Analysis& analysis);
    void updateTitle();
    void goToLine();
    void restoreSettings();
    void saveSettings();

    StudioPrompts prompts_;
    Document* document_ = nullptr;
    RecentFiles* recent_files_ = nullptr;
    FileActions* file_actions_ = nullptr;
    SelectionSync* selection_sync_ = nullptr;
    EditorDock* editor_dock_ = nullptr;
    ModelTreeDock* tree_dock_ = nullptr;
    ViewerPane* viewer_pane_ = nullptr;
    DiagnosticsDock* diagnostics_dock_ = nullptr;
    SimulationUi* simulation_ui_ = nullptr;
    ViewOptions* view_options_ = nullptr;
    Theme* theme_ = nullptr;
    bool remember_view_options_ = true;
    QMenu *file_menu_ = nullptr, *edit_menu_ = nullptr, *view_menu_ = nullptr, *docks_menu_ = nullptr,
          *help_menu_ = nullptr;
    QLabel* cursor_label_ = nullptr;
    QLabel* model_label_ = nullptr;
    QByteArray default_state_;
    QString title_detail_;
    QMap<QString, std::function<bool(const QString&)>> file_handlers_;  // lower-case suffix -> handler
    QStringList open_suffixes_;                                         // handled from File > Open too
};

}  // namespace hfd::studio
