#include "prompts.h"

#include <QDialog>
#include <QDialogButtonBox>
#include <QFileDialog>
#include <QFormLayout>
#include <QMessageBox>
#include <QPointer>
#include <QPushButton>
#include <QSpinBox>

#include "offscreen_image.h"

namespace hfd::studio {

namespace {
const QString model_filter = QObject::tr("Hyfydy models (*.hfd);;Configurations (*.zml);;All files (*)");

std::optional<QSize> ask_image_size(QWidget* parent, QSize suggested) {
    QDialog dialog(parent);
    dialog.setWindowTitle(QObject::tr("Export 3D View as PNG"));
    auto* form = new QFormLayout(&dialog);
    auto side = [&](int value) {
        auto* box = new QSpinBox(&dialog);
        box->setRange(1, max_view_image_side);
        box->setValue(value);
        box->setSuffix(QObject::tr(" px"));
        return box;
    };
    QSpinBox *width = side(suggested.width()), *height = side(suggested.height());
    form->addRow(QObject::tr("Width"), width);
    form->addRow(QObject::tr("Height"), height);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, &dialog);
    QObject::connect(buttons, &QDialogButtonBox::accepted, &dialog, &QDialog::accept);
    QObject::connect(buttons, &QDialogButtonBox::rejected, &dialog, &QDialog::reject);
    form->addRow(buttons);
    if (dialog.exec() != QDialog::Accepted) return std::nullopt;
    return QSize(width->value(), height->value());
}
}  // namespace

QString open_file_filter() {
    return QObject::tr(
        "All supported files (*.hfd *.osim *.scone *.par *.zml *.mot *.sto);;Hyfydy models (*.hfd);;OpenSim models "
        "(*.osim);;SCONE scenarios (*.scone);;SCONE parameters (*.par);;Configurations (*.zml);;Motions (*.mot "
        "*.sto);;All files (*)");
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
        return QFileDialog::getOpenFileName(parent, QObject::tr("Open Model"), directory, open_file_filter());
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
    prompts.image_size = [parent](QSize suggested) { return ask_image_size(parent, suggested); };
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
