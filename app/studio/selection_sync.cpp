#include "selection_sync.h"

#include "code_editor.h"
#include "document.h"
#include "model_tree_dock.h"
#include "model_tree_model.h"
#include "model_viewer.h"
#include "text_positions.h"

#include <QTextCursor>
#include <QTextDocument>

namespace hfd::studio {

namespace {
constexpr int follow_delay_ms = 150;
}

SelectionSync::SelectionSync(Document* document, editor::CodeEditor* editor, ModelTreeDock* tree, ModelViewer* viewer,
                             QObject* parent)
    : QObject(parent), document_(document), editor_(editor), tree_(tree), viewer_(viewer) {
    follow_timer_.setSingleShot(true);
    follow_timer_.setInterval(follow_delay_ms);
    connect(&follow_timer_, &QTimer::timeout, this, &SelectionSync::followCursor);
    connect(tree_, &ModelTreeDock::nodeSelected, this, &SelectionSync::selectNode);
    connect(tree_->model(), &editor::ModelTreeModel::valueEditRequested, this, &SelectionSync::applyValueEdit);
    connect(editor_, &QPlainTextEdit::cursorPositionChanged, this, [this] {
        if (!moving_text_) follow_timer_.start();
    });
    if (viewer_) connect(viewer_, &ModelViewer::bodyClicked, this, &SelectionSync::selectBody);
}

QString SelectionSync::currentText() const { return document_->text(); }

bool SelectionSync::treeMatchesText() const { return tree_->isCurrent() && document_->analyzer()->isCurrent(); }

int SelectionSync::bodyOfNode(const QModelIndex& index) const {
    const Model* model = document_->lastValidModel();
    if (!model) return -1;
    QModelIndex body = tree_->model()->enclosingGroup(index, "body");
    const PropNode* node = tree_->model()->node(body);
    const PropNode* name = node ? node->find("name") : nullptr;
    return name ? model->find_body(name->value) : -1;
}

void SelectionSync::selectNode(const QModelIndex& selected) {
    QModelIndex index = selected;
    if (!document_->analyzer()->isCurrent()) {  // typed since the last parse: parse now
        QString path = tree_->model()->pathOf(index);
        document_->analyzer()->ensureCurrent();
        index = tree_->model()->indexOfPath(path);
    }
    const PropNode* node = tree_->model()->node(index);
    if (!node) return;
    if (treeMatchesText() && node->begin >= 0) {
        const QString text = currentText();
        moving_text_ = true;
        editor_->selectRange(editor::utf16_index_from_utf8(text, node->begin),
                             editor::utf16_index_from_utf8(text, node->end));
        moving_text_ = false;
    }
    if (viewer_) viewer_->selectBody(bodyOfNode(index));
}

void SelectionSync::selectBody(int body) {
    const Model* model = document_->lastValidModel();
    if (!model || body < 0 || body >= int(model->bodies.size())) {
        if (viewer_) viewer_->selectBody(no_index);
        return;
    }
    QModelIndex index = tree_->model()->findNamedGroup("body", model->bodies[body].name);
    if (index.isValid()) {
        tree_->selectQuietly(index);
        selectNode(index);
    } else if (viewer_) {
        viewer_->selectBody(body);
    }
}

void SelectionSync::applyValueEdit(int utf8_begin, int utf8_end, const QString& replacement) {
    // The offsets refer to the text the tree was built from; refuse them if it changed since.
    if (!treeMatchesText() || tree_->model()->sourceText() != document_->analysis()->text) return;
    const QString text = currentText();
    QTextCursor cursor(document_->textDocument());
    cursor.beginEditBlock();
    cursor.setPosition(editor::utf16_index_from_utf8(text, utf8_begin));
    cursor.setPosition(editor::utf16_index_from_utf8(text, utf8_end), QTextCursor::KeepAnchor);
    cursor.insertText(replacement);
    cursor.endEditBlock();
    // Refresh the tree once the view has finished committing the edit.
    QTimer::singleShot(0, document_->analyzer(), &editor::ModelAnalyzer::ensureCurrent);
}

void SelectionSync::followCursor() {
    if (!treeMatchesText() || editor_->textCursor().hasSelection()) return;
    const QString text = currentText();
    int offset = editor::utf8_offset_from_utf16(text, editor_->textCursor().position());
    QModelIndex index = tree_->model()->indexAtOffset(offset);
    if (!index.isValid()) return;
    tree_->selectQuietly(index);
    if (viewer_) viewer_->selectBody(bodyOfNode(index));
}

}  // namespace hfd::studio
