#pragma once
// The model tree dock: components and properties of the edited text. While the
// text has syntax errors it shows the last tree that parsed, read-only.
#include "model_analyzer.h"

#include <QDockWidget>

class QLabel;
class QTreeView;

namespace hfd::editor {
class ModelTreeModel;
}

namespace hfd::studio {

class ModelTreeDock : public QDockWidget {
    Q_OBJECT
public:
    explicit ModelTreeDock(QWidget* parent = nullptr);

    editor::ModelTreeModel* model() const { return model_; }
    // True when the tree shows the text as it is now (no syntax errors since).
    bool isCurrent() const { return current_; }

    void setAnalysis(const editor::Analysis& analysis);
    // Selects and reveals `index` without emitting nodeSelected.
    void selectQuietly(const QModelIndex& index);

signals:
    void nodeSelected(const QModelIndex& index);  // selected by the user (or selectIndex)

public slots:
    void selectIndex(const QModelIndex& index);
    // The next tree is a different file: the old tree goes, the new one opens at its top level.
    void resetExpansion();

private:
    QStringList expandedPaths() const;
    void restoreExpanded(const QStringList& paths);

    editor::ModelTreeModel* model_;
    QTreeView* view_;
    QLabel* banner_;
    bool current_ = false;
    bool quiet_ = false;
    bool has_content_ = false;
};

}  // namespace hfd::studio
