#include "prompts.h"

#include <QFileDialog>
#include <QMessageBox>
#include <QPointer>
#include <QPushButton>

namespace hfd::studio {

namespace {
const QString model_filter = QObject::tr("Hyfydy models (*.hfd);;Configurations (*.zml);;All files (*)");
}

StudioPrompts StudioPrompts::dialogs(QWidget* window) {
    QPointer<QWidget> parent = window;
    StudioPrompts prompts;
    prompts.unsaved_changes = [parent](const QString& name) {
        QMessageBox box(QMessageBox::Warning, QObject::tr("Unsaved changes"),
                        QObject::tr("%1 has unsaved changes.").arg(name),
                        QMessageBox::Save | QMessageBox::Discard | QMessageBox::Cancel, parent);
        box.setInformativeText(QObject::tr("Do you want to save them?"));
        box.setDefaultButton(QMessageBox::Save);
        switch (box.exec()) {
            case QMessageBox::Save: return UnsavedChoice::Save;
            case QMessageBox::Discard: return UnsavedChoice::Discard;
            default: return UnsavedChoice::Cancel;
        }
    };
    prompts.reload_changed_file = [parent](const QString& name) {
        QMessageBox box(QMessageBox::Warning, QObject::tr("File changed on disk"),
                        QObject::tr("%1 was changed by another program.").arg(name), QMessageBox::NoButton, parent);
        box.setInformativeText(QObject::tr("Reload it from disk? Your unsaved changes in the studio would be lost."));
        QPushButton* reload = box.addButton(QObject::tr("&Reload and Lose Changes"), QMessageBox::DestructiveRole);
        QPushButton* keep = box.addButton(QObject::tr("&Keep My Changes"), QMessageBox::RejectRole);
        box.setDefaultButton(keep);
        box.exec();
        return box.clickedButton() == reload;
    };
    prompts.open_path = [parent](const QString& directory) {
        return QFileDialog::getOpenFileName(parent, QObject::tr("Open Model"), directory, model_filter);
    };
    prompts.save_path = [parent](const QString& suggested) {
        return QFileDialog::getSaveFileName(parent, QObject::tr("Save Model As"), suggested, model_filter);
    };
    prompts.input_path = [parent](const FileRequest& request) {
        return QFileDialog::getOpenFileName(parent, request.title, request.suggested,
                                            request.filter + QObject::tr(";;All files (*)"));
    };
    prompts.export_path = [parent](const FileRequest& request) {
        return QFileDialog::getSaveFileName(parent, request.title, request.suggested,
                                            request.filter + QObject::tr(";;All files (*)"));
    };
    prompts.import_path = [parent](const QString& directory) {
        return QFileDialog::getOpenFileName(parent, QObject::tr("Import OpenSim Model"), directory,
                                            QObject::tr("OpenSim models (*.osim);;All files (*)"));
    };
    prompts.error = [parent](const QString& title, const QString& message) {
        QMessageBox::critical(parent, title, message);
    };
    return prompts;
}

}  // namespace hfd::studio
