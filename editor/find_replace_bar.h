#pragma once
// Find / replace bar shown under the editor (Ctrl+F, Ctrl+H, F3 / Shift+F3, Esc).
#include <QTextDocument>
#include <QWidget>

class QCheckBox;
class QLabel;
class QLineEdit;
class QPushButton;

namespace hfd::editor {

class CodeEditor;

class FindReplaceBar : public QWidget {
    Q_OBJECT
public:
    explicit FindReplaceBar(CodeEditor* editor, QWidget* parent = nullptr);

    // Its fields are named findText and replaceText, its boxes caseSensitive and wholeWords.
    QTextDocument::FindFlags findFlags() const;

public slots:
    void showFind();     // shows the bar with the find field focused (selection as text)
    void showReplace();  // also shows the replace row
    void closeBar();
    bool findNext();
    bool findPrevious();
    bool replaceCurrent();  // replaces the selected match, then finds the next
    int replaceAll();       // one undo step; returns the number of replacements

protected:
    void keyPressEvent(QKeyEvent* event) override;

private:
    bool find(bool backward);
    bool selectionMatches() const;
    void updateHighlights();

    CodeEditor* editor_;
    QLineEdit* find_edit_;
    QLineEdit* replace_edit_;
    QWidget* replace_row_;
    QCheckBox* case_box_;
    QCheckBox* words_box_;
    QLabel* status_;
};

}  // namespace hfd::editor
