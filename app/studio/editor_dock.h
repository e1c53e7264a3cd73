#pragma once
// The text editor dock: the code editor with its find / replace bar.
#include <QDockWidget>

class QTextDocument;

namespace hfd::editor {
class CodeEditor;
class FindReplaceBar;
}  // namespace hfd::editor

namespace hfd::studio {

class EditorDock : public QDockWidget {
    Q_OBJECT
public:
    explicit EditorDock(QTextDocument* document, QWidget* parent = nullptr);
    editor::CodeEditor* editor() const { return editor_; }
    editor::FindReplaceBar* findBar() const { return find_bar_; }

private:
    editor::CodeEditor* editor_;
    editor::FindReplaceBar* find_bar_;
};

}  // namespace hfd::studio
