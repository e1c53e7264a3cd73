#include "main_window.h"

#include "code_editor.h"
#include "diagnostics_dock.h"
#include "document.h"
#include "editor_dock.h"
#include "file_actions.h"
#include "find_replace_bar.h"
#include "help_menu.h"
#include "model_tree_dock.h"
#include "model_viewer.h"
#include "motion_playback.h"
#include "gait_analysis_dock.h"
#include "muscle_analysis_dock.h"
#include "recent_files.h"
#include "scenario_dock.h"
#include "selection_sync.h"
#include "simulation_ui.h"
#include "studio_settings.h"
#include "theme.h"
#include "view_options.h"
#include "viewer_pane.h"
#include "wheel_guard.h"

#include <QCloseEvent>
#include <QCoreApplication>
#include <QFileInfo>
#include <QInputDialog>
#include <QLabel>
#include <QMenuBar>
#include <QMessageBox>
#include <QMimeData>
#include <QStatusBar>
#include <QTextDocument>
#include <QToolBar>
#include <QToolButton>
#include <algorithm>
#include <tuple>

namespace hfd::studio {

namespace {

constexpr int layout_version = 2;  // 2: the 3D view is the central widget
const QString geometry_key = QStringLiteral("mainWindow/geometry");
const QString state_key = QStringLiteral("mainWindow/state");

StudioPrompts silent_prompts() {
    StudioPrompts prompts;
    prompts.unsaved_changes = [](const QString&) { return UnsavedChoice::Cancel; };
    prompts.reload_changed_file = [](const QString&) { return false; };
    prompts.open_path = [](const QString&) { return QString(); };
    prompts.save_path = [](const QString&) { return QString(); };
    prompts.export_path = [](const FileRequest&) { return QString(); };
    prompts.input_path = [](const FileRequest&) { return QString(); };
    prompts.import_path = [](const QString&) { return QString(); };
    prompts.error = [](const QString& title, const QString& message) {
        qWarning("%s: %s", qPrintable(title), qPrintable(message));
    };
    return prompts;
}

QString model_summary(const Model& model) {
    return QObject::tr("%1: %2 bodies, %3 joints, %4 muscles, %5 geometries")
        .arg(QString::fromStdString(model.name.empty() ? std::string("model") : model.name))
        .arg(model.bodies.size())
        .arg(model.joints.size())
        .arg(model.muscles.size())
        .arg(model.geometries.size());
}

}  // namespace

MainWindow::MainWindow(const MainWindowOptions& options, QWidget* parent) : QMainWindow(parent) {
    setObjectName(QStringLiteral("MainWindow"));
    WheelGuard::install();
    resize(1400, 900);  // before the docks, so their proportions apply to this size
    prompts_ = options.use_dialogs ? StudioPrompts::dialogs(this) : silent_prompts();
    document_ = new Document(this);
    recent_files_ = new RecentFiles(this, options.remember_recent_files);
    file_actions_ = new FileActions(document_, recent_files_, &prompts_, this);
    setDockNestingEnabled(true);
    setAcceptDrops(true);
    createDocks(options.with_viewer);
    selection_sync_ = new SelectionSync(document_, editor_dock_->editor(), tree_dock_, viewer_pane_->viewer(), this);
    remember_view_options_ = options.restore_settings;
    createMenus();
    createStatusBar();
    connectDocument();
    simulation_ui_ = new SimulationUi(this);  // simulation thread, docks, status, export
    install_scenario_ui(this);                // SCONE scenarios: runs, scores, optimization
    install_muscle_analysis_dock(this);       // beside the plots: after them
    install_gait_analysis_dock(this);  // beside the plots: after Muscle Analysis
    install_motion_playback(this);            // .mot / .sto played in the plots
    keepQuitLast();                           // after what the installers added to File
    theme_->apply();                          // after the docks: their charts take the theme too
    default_state_ = saveState(layout_version);
    if (options.restore_settings) restoreSettings();
    document_->setUntitled(FileActions::newModelTemplate(), {}, false);
}

MainWindow::~MainWindow() = default;

void MainWindow::createDocks(bool with_viewer) {
    editor_dock_ = new EditorDock(document_->textDocument(), this);
    tree_dock_ = new ModelTreeDock(this);
    viewer_pane_ = new ViewerPane(with_viewer, this);
    diagnostics_dock_ = new DiagnosticsDock(this);
    // The 3D view is the centre; the side columns run the full height, the bottom
    // docks (plots, diagnostics) sit under the view only.
    setCentralWidget(viewer_pane_);
    setCorner(Qt::BottomLeftCorner, Qt::LeftDockWidgetArea);
    setCorner(Qt::TopLeftCorner, Qt::LeftDockWidgetArea);
    setCorner(Qt::BottomRightCorner, Qt::RightDockWidgetArea);
    setCorner(Qt::TopRightCorner, Qt::RightDockWidgetArea);
    addDockWidget(Qt::LeftDockWidgetArea, tree_dock_);
    splitDockWidget(tree_dock_, editor_dock_, Qt::Vertical);
    addDockWidget(Qt::BottomDockWidgetArea, diagnostics_dock_);
    resizeDocks({tree_dock_}, {320}, Qt::Horizontal);
    resizeDocks({tree_dock_, editor_dock_}, {260, 600}, Qt::Vertical);
    resizeDocks({diagnostics_dock_}, {150}, Qt::Vertical);
}

void MainWindow::addDock(QDockWidget* dock, Qt::DockWidgetArea area) {
    Q_ASSERT_X(!dock->objectName().isEmpty(), "MainWindow::addDock", "a dock needs an objectName to persist");
    addDockWidget(area, dock);
    docks_menu_->addAction(dock->toggleViewAction());
}

QMenu* MainWindow::addMenu(const QString& title) {
    auto* menu = new QMenu(title, this);
    menuBar()->insertMenu(help_menu_->menuAction(), menu);
    return menu;
}

void MainWindow::createMenus() {
    file_menu_ = menuBar()->addMenu(tr("&File"));
    file_actions_->addToMenu(file_menu_);
    createEditMenu();
    createViewMenu();
    help_menu_ = menuBar()->addMenu(tr("&Help"));
    help_menu_->setObjectName(QStringLiteral("helpMenu"));
    new HelpMenu(help_menu_, file_actions_, this);  // a child of the window
    help_menu_->addAction(tr("&About hfd-studio"), this, [this] {
        QMessageBox::about(this, tr("About hfd-studio"),
                           tr("<b>hfd-studio</b> %1<br>Editor, viewer and simulator for .hfd musculoskeletal models.")
                               .arg(QCoreApplication::applicationVersion().toHtmlEscaped()));
    });

    QToolBar* toolbar = addToolBar(tr("File"));
    toolbar->setObjectName(QStringLiteral("FileToolBar"));
    toolbar->addAction(file_actions_->newAction());
    toolbar->addAction(file_actions_->openAction());
    toolbar->addAction(file_actions_->saveAction());
    docks_menu_->addAction(toolbar->toggleViewAction());
}

void MainWindow::keepQuitLast() {
    const QList<QAction*> entries = file_menu_->actions();
    const auto quit = std::find_if(entries.begin(), entries.end(),
                                   [](QAction* action) { return action->objectName() == QLatin1String("quit"); });
    if (quit == entries.end() || quit + 1 == entries.end()) return;
    if (quit != entries.begin() && (*(quit - 1))->isSeparator()) file_menu_->removeAction(*(quit - 1));
    file_menu_->removeAction(*quit);
    file_menu_->addSeparator();
    file_menu_->addAction(*quit);
}

void MainWindow::createEditMenu() {
    editor::CodeEditor* editor = editor_dock_->editor();
    editor::FindReplaceBar* find_bar = editor_dock_->findBar();
    edit_menu_ = menuBar()->addMenu(tr("&Edit"));
    QAction* undo = edit_menu_->addAction(tr("&Undo"), editor, &QPlainTextEdit::undo);
    undo->setShortcuts(QKeySequence::Undo);
    undo->setEnabled(false);
    connect(document_->textDocument(), &QTextDocument::undoAvailable, undo, &QAction::setEnabled);
    QAction* redo = edit_menu_->addAction(tr("&Redo"), editor, &QPlainTextEdit::redo);
    redo->setShortcuts(QKeySequence::Redo);
    redo->setEnabled(false);
    connect(document_->textDocument(), &QTextDocument::redoAvailable, redo, &QAction::setEnabled);
    // Undo/redo act on the model from anywhere in the window (edits made in the tree
    // or the Simulation dock are text edits too); a focused text field keeps its own
    // Ctrl+Z through its shortcut override. Cut/copy/paste stay with the focused widget.
    for (QAction* action : {undo, redo}) action->setShortcutContext(Qt::WindowShortcut);
    edit_menu_->addSeparator();
    edit_menu_->addAction(tr("Cu&t"), editor, &QPlainTextEdit::cut)->setShortcutContext(Qt::WidgetShortcut);
    edit_menu_->addAction(tr("&Copy"), editor, &QPlainTextEdit::copy)->setShortcutContext(Qt::WidgetShortcut);
    edit_menu_->addAction(tr("&Paste"), editor, &QPlainTextEdit::paste)->setShortcutContext(Qt::WidgetShortcut);
    edit_menu_->addSeparator();
    // The bar sits in the Model Text dock: a closed, floating-away or tabbed-behind dock
    // is shown and raised first, or Ctrl+F would open a bar no one sees.
    auto reveal_then = [this, find_bar](void (editor::FindReplaceBar::*show)()) {
        return [this, find_bar, show] {
            editor_dock_->show();
            editor_dock_->raise();
            (find_bar->*show)();
        };
    };
    QAction* find = edit_menu_->addAction(tr("&Find..."), this, reveal_then(&editor::FindReplaceBar::showFind));
    find->setShortcuts(QKeySequence::Find);
    QAction* replace =
        edit_menu_->addAction(tr("&Replace..."), this, reveal_then(&editor::FindReplaceBar::showReplace));
    replace->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_H));
    for (QAction* action : {find, replace}) action->setShortcutContext(Qt::ApplicationShortcut);
    edit_menu_->addAction(tr("Find &Next"), find_bar, &editor::FindReplaceBar::findNext)
        ->setShortcuts(QKeySequence::FindNext);
    edit_menu_->addAction(tr("Find Pre&vious"), find_bar, &editor::FindReplaceBar::findPrevious)
        ->setShortcuts(QKeySequence::FindPrevious);
    edit_menu_->addSeparator();
    QAction* comment = editor->toggleCommentAction();
    comment->setShortcutContext(Qt::WindowShortcut);
    edit_menu_->addAction(comment);
    edit_menu_->addAction(tr("&Go to Line..."), this, &MainWindow::goToLine)
        ->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_L));
}

void MainWindow::createViewMenu() {
    view_menu_ = menuBar()->addMenu(tr("&View"));
    view_menu_->setObjectName(QStringLiteral("viewMenu"));
    docks_menu_ = view_menu_->addMenu(tr("&Docks"));
    for (QDockWidget* dock : std::initializer_list<QDockWidget*>{editor_dock_, tree_dock_, diagnostics_dock_})
        docks_menu_->addAction(dock->toggleViewAction());
    view_menu_->addSeparator();
    editor::CodeEditor* editor = editor_dock_->editor();
    view_menu_->addAction(tr("Zoom &In"), editor, [editor] { editor->zoomIn(1); })->setShortcuts(QKeySequence::ZoomIn);
    view_menu_->addAction(tr("Zoom &Out"), editor, [editor] { editor->zoomOut(1); })
        ->setShortcuts(QKeySequence::ZoomOut);
    if (ModelViewer* viewer = viewer_pane_->viewer()) {
        view_menu_->addSeparator();
        view_menu_->addAction(tr("&Fit Model in View"), viewer, &ModelViewer::fitToModel)
            ->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_0));
        using Preset = ModelViewer::ViewPreset;
        for (auto [label, preset, key] : {std::tuple{tr("&Front View"), Preset::Front, Qt::Key_1},
                                          std::tuple{tr("&Side View"), Preset::Side, Qt::Key_2},
                                          std::tuple{tr("&Top View"), Preset::Top, Qt::Key_3}})
            view_menu_->addAction(label, viewer, [viewer, preset] { viewer->setViewPreset(preset); })
                ->setShortcut(QKeySequence(Qt::CTRL | key));
        QAction* follow = viewer_pane_->followAction();
        follow->setText(tr("F&ollow Body"));
        follow->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_F9));
        view_menu_->addAction(follow);
    }
    view_menu_->addSeparator();
    view_options_ = new ViewOptions(viewer_pane_->viewer(), remember_view_options_, this);
    view_options_->addToMenu(view_menu_);
    theme_ = new Theme(this, remember_view_options_, this);
    theme_->addToMenu(view_menu_);
    if (QAction* follow = viewer_pane_->followAction())
        view_options_->remember(follow, QStringLiteral("followBody"), false);
    if (QToolBar* toolbar = viewer_pane_->toolBar()) {
        auto* show = new QToolButton(toolbar);
        show->setText(tr("Show"));
        show->setToolTip(tr("What the view draws: muscles, forces, contact points, centres of mass, frames"));
        show->setPopupMode(QToolButton::InstantPopup);
        show->setMenu(view_options_->showMenu());
        toolbar->addWidget(show);
    }
    view_menu_->addSeparator();
    view_menu_->addAction(tr("&Reset Layout"), this, &MainWindow::resetLayout);
}

void MainWindow::createStatusBar() {
    model_label_ = new QLabel(this);
    cursor_label_ = new QLabel(this);
    auto* exaggeration_label = new QLabel(view_options_->exaggerationText(), this);
    exaggeration_label->setObjectName(QStringLiteral("exaggerationLabel"));
    exaggeration_label->setVisible(!exaggeration_label->text().isEmpty());
    connect(view_options_, &ViewOptions::exaggerationChanged, exaggeration_label,
            [exaggeration_label](const QString& text) {
                exaggeration_label->setText(text);
                exaggeration_label->setVisible(!text.isEmpty());
            });
    statusBar()->addPermanentWidget(exaggeration_label);
    statusBar()->addPermanentWidget(model_label_);
    statusBar()->addPermanentWidget(cursor_label_);
    connect(editor_dock_->editor(), &editor::CodeEditor::cursorLineColumnChanged, this,
            [this](int line, int column) { cursor_label_->setText(tr("Ln %1, Col %2").arg(line).arg(column)); });
    cursor_label_->setText(tr("Ln 1, Col 1"));
    connect(file_actions_, &FileActions::statusMessage, this,
            [this](const QString& message) { statusBar()->showMessage(message, 5000); });
}

void MainWindow::connectDocument() {
    connect(document_, &Document::analyzed, this, &MainWindow::onAnalyzed);
    connect(document_, &Document::modelChanged, this, [this] {
        viewer_pane_->setModel(document_->sharedModel());
        if (ModelViewer* viewer = viewer_pane_->viewer())
            diagnostics_dock_->setDiagnostics(DiagnosticsDock::Source::Viewer, viewer->warnings());
    });
    connect(document_, &Document::contentReplaced, this, [this] {
        editor_dock_->editor()->moveCursor(QTextCursor::Start);
        tree_dock_->resetExpansion();
        viewer_pane_->clearModel();
        diagnostics_dock_->setDiagnostics(DiagnosticsDock::Source::Viewer, {});
    });
    connect(document_, &Document::dirtyChanged, this, &MainWindow::updateTitle);
    connect(document_, &Document::pathChanged, this, &MainWindow::updateTitle);
    connect(file_actions_, &FileActions::importReportChanged, this, [this](const std::vector<Diagnostic>& report) {
        diagnostics_dock_->setDiagnostics(DiagnosticsDock::Source::Import, report);
    });
    connect(diagnostics_dock_, &DiagnosticsDock::locationActivated, editor_dock_->editor(),
            &editor::CodeEditor::goToLineColumn);
    updateTitle();
}

void MainWindow::onAnalyzed(const editor::Analysis& analysis) {
    std::vector<Diagnostic> diagnostics = analysis.diagnostics();
    const int errors_before = diagnostics_dock_->errorCount();
    diagnostics_dock_->setDiagnostics(DiagnosticsDock::Source::Model, diagnostics);
    // Diagnostics share a tab with the plots: new errors bring their tab forward.
    if (errors_before == 0 && diagnostics_dock_->errorCount() > 0) diagnostics_dock_->raise();
    std::vector<Diagnostic> in_text;
    for (const Diagnostic& diagnostic : diagnostics)
        if (diagnostic.location.file.empty() || diagnostic.location.file == analysis.file_name)
            in_text.push_back(diagnostic);
    editor_dock_->editor()->setDiagnostics(in_text);
    tree_dock_->setAnalysis(analysis);
    int errors = 0;
    for (const Diagnostic& diagnostic : diagnostics) errors += diagnostic.severity == Severity::Error;
    if (analysis.build.ok()) model_label_->setText(model_summary(*analysis.build.model));
    else
        model_label_->setText(tr("<span style='color:#c00'>%n error(s)</span>", nullptr, errors) +
                              (document_->lastValidModel() ? tr(" (view shows the last valid model)") : QString()));
}

void MainWindow::updateTitle() {
    const QString detail = title_detail_.isEmpty() ? QString() : QStringLiteral(" (%1)").arg(title_detail_);
    setWindowTitle(QStringLiteral("%1[*]%2 \u2014 hfd-studio").arg(document_->displayName(), detail));
    setWindowModified(document_->isDirty());
    setWindowFilePath(document_->path());
}

void MainWindow::goToLine() {
    editor::CodeEditor* editor = editor_dock_->editor();
    bool ok = false;
    int line = QInputDialog::getInt(this, tr("Go to Line"), tr("Line:"), editor->textCursor().blockNumber() + 1, 1,
                                    editor->document()->blockCount(), 1, &ok);
    if (ok) editor->goToLineColumn(line, 1);
}

void MainWindow::addFileHandler(const QString& suffix, std::function<bool(const QString&)> handler, bool from_open) {
    file_handlers_.insert(suffix.toLower(), std::move(handler));
    if (from_open && !open_suffixes_.contains(suffix.toLower())) open_suffixes_ << suffix.toLower();
    file_actions_->setOpenRoute([this](const QString& path) -> std::optional<bool> {
        const QString suffix = QFileInfo(path).suffix().toLower();
        if (!open_suffixes_.contains(suffix)) return std::nullopt;
        return file_handlers_.value(suffix)(path);
    });
}

void MainWindow::setTitleDetail(const QString& detail) {
    title_detail_ = detail;
    updateTitle();
}

bool MainWindow::openFile(const QString& path) {
    const auto handler = file_handlers_.constFind(QFileInfo(path).suffix().toLower());
    if (handler != file_handlers_.constEnd()) {
        const bool opened = (*handler)(path);
        if (opened) recent_files_->add(path);  // a scenario is a recent file as a model is
        return opened;
    }
    if (QFileInfo(path).suffix().compare(QStringLiteral("osim"), Qt::CaseInsensitive) == 0)
        return file_actions_->importOsimPath(path);
    return file_actions_->openPath(path);
}

void MainWindow::resetLayout() {
    restoreState(default_state_, layout_version);
    for (QDockWidget* dock : findChildren<QDockWidget*>()) dock->show();
}

void MainWindow::restoreSettings() {
    auto settings = open_settings();
    restoreGeometry(settings->value(geometry_key).toByteArray());
    restoreState(settings->value(state_key).toByteArray(), layout_version);
}

void MainWindow::saveSettings() {
    auto settings = open_settings();
    settings->setValue(geometry_key, saveGeometry());
    settings->setValue(state_key, saveState(layout_version));
}

void MainWindow::closeEvent(QCloseEvent* event) {
    if (!file_actions_->maybeSave()) {
        event->ignore();
        return;
    }
    saveSettings();
    event->accept();
}

void MainWindow::dragEnterEvent(QDragEnterEvent* event) {
    if (event->mimeData()->hasUrls()) event->acceptProposedAction();
}

void MainWindow::dropEvent(QDropEvent* event) {
    const QList<QUrl> urls = event->mimeData()->urls();
    if (urls.isEmpty() || !urls.first().isLocalFile()) return;
    event->acceptProposedAction();
    openFile(urls.first().toLocalFile());
}

}  // namespace hfd::studio
