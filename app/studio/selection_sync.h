#pragma once
// Keeps the selection of the text, the model tree and the 3D view together:
// - a tree node selects its text range, and its body in the 3D view;
// - a body clicked in the 3D view selects its tree node and text;
// - moving the text cursor selects the tree node under it (not the text);
// - a value edited in the tree replaces exactly that value's text, as one
//   undoable step.
#include <QModelIndex>
#include <QObject>
#include <QTimer>

namespace hfd {
class ModelViewer;
}
namespace hfd::editor {
class CodeEditor;
}

namespace hfd::studio {

class Document;
class ModelTreeDock;

class SelectionSync : public QObject {
    Q_OBJECT
public:
    SelectionSync(Document* document, editor::CodeEditor* editor, ModelTreeDock* tree, ModelViewer* viewer,
                  QObject* parent = nullptr);

    // The body (index into the last valid model) that a tree node is or is in; -1 if none.
    int bodyOfNode(const QModelIndex& index) const;

public slots:
    void selectNode(const QModelIndex& index);  // text range + body in the 3D view
    void selectBody(int body);                  // tree node + text + 3D view
    void applyValueEdit(int utf8_begin, int utf8_end, const QString& replacement);

private:
    void followCursor();
    bool treeMatchesText() const;
    QString currentText() const;

    Document* document_;
    editor::CodeEditor* editor_;
    ModelTreeDock* tree_;
    ModelViewer* viewer_;
    QTimer follow_timer_;
    bool moving_text_ = false;
};

}  // namespace hfd::studio
