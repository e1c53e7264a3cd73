#pragma once
// The property tree of the edited text as an item model: column 0 the key,
// column 1 the value as written. Values are editable; an edit is not applied
// to the tree but requested as a replacement of the value's text, so the text
// stays the single source of truth and the tree follows the next parse.
#include "format/prop_node.h"

#include <QAbstractItemModel>
#include <string>
#include <string_view>
#include <vector>

namespace hfd::editor {

class ModelTreeModel : public QAbstractItemModel {
    Q_OBJECT
public:
    enum Column { KeyColumn = 0, ValueColumn = 1 };
    enum Role { BeginRole = Qt::UserRole + 1, EndRole, ValueBeginRole, PathRole };

    explicit ModelTreeModel(QObject* parent = nullptr);

    // root: a parse result root; text: the exact text it was parsed from (the
    // node offsets are UTF-8 byte offsets into it). When the new tree has the
    // same shape as the current one, indexes, expansion and selection survive.
    void setSource(const PropNode& root, std::string text);
    void clear();
    const PropNode& root() const { return root_; }
    const std::string& sourceText() const { return text_; }

    const PropNode* node(const QModelIndex& index) const;
    // The deepest node whose text contains the byte offset.
    QModelIndex indexAtOffset(int utf8_offset) const;
    // The first group `key` (e.g. "body") with `name = name`, searched depth first.
    QModelIndex findNamedGroup(std::string_view key, std::string_view name) const;
    // The nearest ancestor-or-self group with this key, or an invalid index.
    QModelIndex enclosingGroup(const QModelIndex& index, std::string_view key) const;

    // A path that survives reparsing ("model/body:pelvis/joint#0") and back.
    QString pathOf(const QModelIndex& index) const;
    QModelIndex indexOfPath(const QString& path) const;

    // The text to write for an edited value: quoted when it needs quotes.
    static QString valueTextForEdit(const QString& input);

    QModelIndex index(int row, int column, const QModelIndex& parent = {}) const override;
    QModelIndex parent(const QModelIndex& index) const override;
    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    bool setData(const QModelIndex& index, const QVariant& value, int role = Qt::EditRole) override;
    Qt::ItemFlags flags(const QModelIndex& index) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

signals:
    // Replace bytes [utf8_begin, utf8_end) of sourceText() by `replacement`.
    void valueEditRequested(int utf8_begin, int utf8_end, const QString& replacement);

private:
    struct Item {
        const PropNode* node = nullptr;
        int parent = -1;  // item id; -1 for the root
        int row = 0;
        std::vector<int> children;
    };
    void buildItems();
    int addItems(const PropNode& node, int parent, int row);
    int itemId(const QModelIndex& index) const;
    QString writtenText(const PropNode& node, int from) const;
    QString displayValue(const PropNode& node) const;
    QString pathSegment(int item) const;

    PropNode root_;
    std::string text_;
    std::vector<Item> items_;  // items_[0] is the (hidden) root
};

}  // namespace hfd::editor
