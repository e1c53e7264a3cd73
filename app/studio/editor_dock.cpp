#include "editor_dock.h"

#include "code_editor.h"
#include "find_replace_bar.h"

#include <QVBoxLayout>

namespace hfd::studio {

EditorDock::EditorDock(QTextDocument* document, QWidget* parent) : QDockWidget(tr("Model Text"), parent) {
    setObjectName(QStringLiteral("EditorDock"));
    auto* content = new QWidget(this);
    editor_ = new editor::CodeEditor(content);
    editor_->setTextDocument(document);
    find_bar_ = new editor::FindReplaceBar(editor_, content);
    auto* layout = new QVBoxLayout(content);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(0);
    layout->addWidget(editor_);
    layout->addWidget(find_bar_);
    setWidget(content);
}

}  // namespace hfd::studio
