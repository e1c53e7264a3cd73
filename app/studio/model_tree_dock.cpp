#include "model_tree_dock.h"

#include "model_tree_model.h"

#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLabel>
#include <QTreeView>
#include <QVBoxLayout>

namespace hfd::studio {

ModelTreeDock::ModelTreeDock(QWidget* parent) : QDockWidget(tr("Model Tree"), parent) {
    setObjectName(QStringLiteral("ModelTreeDock"));
    auto* content = new QWidget(this);
    model_ = new editor::ModelTreeModel(this);
    view_ = new QTreeView(content);
    view_->setObjectName(QStringLiteral("modelTree"));
    view_->setModel(model_);
    view_->setUniformRowHeights(true);
    view_->setAlternatingRowColors(true);
    view_->setEditTriggers(QAbstractItemView::DoubleClicked | QAbstractItemView::EditKeyPressed |
                           QAbstractItemView::SelectedClicked);
    view_->header()->setSectionResizeMode(0, QHeaderView::Interactive);
    view_->header()->resizeSection(0, 180);
    banner_ = new QLabel(tr("The text has syntax errors: the tree shows the last version that parsed."), content);
    banner_->setWordWrap(true);
    banner_->setStyleSheet(QStringLiteral("QLabel { background: #fff3cd; color: #6b4e00; padding: 4px; }"));
    banner_->hide();
    auto* layout = new QVBoxLayout(content);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(0);
    layout->addWidget(banner_);
    layout->addWidget(view_);
    setWidget(content);

    connect(view_->selectionModel(), &QItemSelectionModel::currentChanged, this, [this](const QModelIndex& current) {
        if (!quiet_ && current.isValid()) emit nodeSelected(current);
    });
    // Clicking the current row again selects its text again.
    connect(view_, &QTreeView::clicked, this, [this](const QModelIndex& index) {
        if (index == view_->currentIndex()) emit nodeSelected(index);
    });
}

QStringList ModelTreeDock::expandedPaths() const {
    QStringList paths;
    std::vector<QModelIndex> pending = {QModelIndex()};
    while (!pending.empty()) {
        QModelIndex parent = pending.back();
        pending.pop_back();
        for (int row = 0; row < model_->rowCount(parent); ++row) {
            QModelIndex child = model_->index(row, 0, parent);
            if (view_->isExpanded(child)) {
                paths << model_->pathOf(child);
                pending.push_back(child);
            }
        }
    }
    return paths;
}

void ModelTreeDock::restoreExpanded(const QStringList& paths) {
    for (const QString& path : paths) {
        QModelIndex index = model_->indexOfPath(path);
        if (index.isValid()) view_->expand(index);
    }
}

void ModelTreeDock::setAnalysis(const editor::Analysis& analysis) {
    current_ = analysis.parse.ok();
    banner_->setText(has_content_ ? tr("The text has syntax errors: the tree shows the last version that parsed.")
                                  : tr("The text has syntax errors: there is no tree until it parses."));
    banner_->setVisible(!current_);
    view_->setEditTriggers(current_ ? QAbstractItemView::DoubleClicked | QAbstractItemView::EditKeyPressed |
                                          QAbstractItemView::SelectedClicked
                                    : QAbstractItemView::NoEditTriggers);
    if (!current_) return;
    QStringList expanded = expandedPaths();
    QString selected = model_->pathOf(view_->currentIndex());
    quiet_ = true;
    model_->setSource(analysis.parse.root, analysis.text);
    if (!has_content_ || expanded.isEmpty()) {
        view_->expandToDepth(0);  // the top-level components (model, composite_force, ...)
    } else {
        restoreExpanded(expanded);
    }
    if (!view_->currentIndex().isValid() && !selected.isEmpty()) {
        QModelIndex index = model_->indexOfPath(selected);
        if (index.isValid()) view_->setCurrentIndex(index);
    }
    quiet_ = false;
    has_content_ = true;
}

void ModelTreeDock::resetExpansion() {
    has_content_ = false;
    // The previous file's tree would pass for this one's while this one does not parse.
    model_->clear();
}

void ModelTreeDock::selectQuietly(const QModelIndex& index) {
    quiet_ = true;
    selectIndex(index);
    quiet_ = false;
}

void ModelTreeDock::selectIndex(const QModelIndex& index) {
    if (!index.isValid()) {
        view_->selectionModel()->clearSelection();
        return;
    }
    view_->scrollTo(index);
    view_->selectionModel()->setCurrentIndex(index, QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
}

}  // namespace hfd::studio
