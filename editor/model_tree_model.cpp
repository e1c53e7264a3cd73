#include "model_tree_model.h"

#include "hfd_highlighter.h"

#include <QColor>
#include <QFont>
#include <QRegularExpression>

namespace hfd::editor {

namespace {

bool same_shape(const PropNode& a, const PropNode& b) {
    if (a.kind != b.kind || a.key != b.key || a.children.size() != b.children.size()) return false;
    for (size_t i = 0; i < a.children.size(); ++i)
        if (!same_shape(a.children[i], b.children[i])) return false;
    return true;
}

constexpr int max_summary_length = 60;

}  // namespace

ModelTreeModel::ModelTreeModel(QObject* parent) : QAbstractItemModel(parent) {
    root_.kind = PropNode::Kind::Group;
    buildItems();
}

void ModelTreeModel::setSource(const PropNode& root, std::string text) {
    if (same_shape(root, root_) && !items_.empty()) {
        emit layoutAboutToBeChanged();
        root_ = root;
        text_ = std::move(text);
        buildItems();  // same shape: same item ids, so persistent indexes stay valid
        emit layoutChanged();
        if (rowCount() > 0) emit dataChanged(index(0, 0), index(rowCount() - 1, ValueColumn));
        return;
    }
    beginResetModel();
    root_ = root;
    text_ = std::move(text);
    buildItems();
    endResetModel();
}

void ModelTreeModel::clear() {
    PropNode empty;
    empty.kind = PropNode::Kind::Group;
    setSource(empty, {});
}

void ModelTreeModel::buildItems() {
    items_.clear();
    addItems(root_, -1, 0);
}

int ModelTreeModel::addItems(const PropNode& node, int parent, int row) {
    int id = int(items_.size());
    items_.push_back({&node, parent, row, {}});
    std::vector<int> children;
    children.reserve(node.children.size());
    for (size_t i = 0; i < node.children.size(); ++i) children.push_back(addItems(node.children[i], id, int(i)));
    items_[id].children = std::move(children);
    return id;
}

int ModelTreeModel::itemId(const QModelIndex& index) const { return index.isValid() ? int(index.internalId()) : 0; }

const PropNode* ModelTreeModel::node(const QModelIndex& index) const {
    return index.isValid() ? items_[itemId(index)].node : nullptr;
}

QModelIndex ModelTreeModel::index(int row, int column, const QModelIndex& parent) const {
    int parent_id = itemId(parent);
    if (parent_id >= int(items_.size()) || row < 0 || column < 0 || column > ValueColumn) return {};
    const auto& children = items_[parent_id].children;
    if (row >= int(children.size())) return {};
    return createIndex(row, column, quintptr(children[row]));
}

QModelIndex ModelTreeModel::parent(const QModelIndex& index) const {
    if (!index.isValid()) return {};
    int parent_id = items_[itemId(index)].parent;
    if (parent_id <= 0) return {};
    return createIndex(items_[parent_id].row, 0, quintptr(parent_id));
}

int ModelTreeModel::rowCount(const QModelIndex& parent) const {
    if (parent.isValid() && parent.column() != 0) return 0;
    return int(items_[itemId(parent)].children.size());
}

int ModelTreeModel::columnCount(const QModelIndex&) const { return 2; }

QString ModelTreeModel::writtenText(const PropNode& node, int from) const {
    if (from < 0 || node.end < from || node.end > int(text_.size())) return QString::fromStdString(node.value);
    return QString::fromUtf8(text_.data() + from, node.end - from);
}

QString ModelTreeModel::displayValue(const PropNode& node) const {
    if (node.is_value()) return writtenText(node, node.value_begin);
    if (const PropNode* name = node.find("name"); name && name->is_value()) return QString::fromStdString(name->value);
    bool all_values = !node.children.empty();
    for (const PropNode& child : node.children) all_values = all_values && child.is_value();
    if (!all_values) return node.is_array() ? QStringLiteral("[%1]").arg(node.children.size()) : QString();
    static const QRegularExpression spaces(QStringLiteral("\\s+"));
    QString summary = writtenText(node, node.value_begin).replace(spaces, QStringLiteral(" "));
    return summary.size() <= max_summary_length ? summary : summary.left(max_summary_length - 3) + "...";
}

QVariant ModelTreeModel::data(const QModelIndex& index, int role) const {
    const PropNode* node_at = node(index);
    if (!node_at) return {};
    const PropNode& n = *node_at;
    const Item& item = items_[itemId(index)];
    switch (role) {
        case Qt::DisplayRole:
            if (index.column() == KeyColumn)
                return n.key.empty() ? QStringLiteral("[%1]").arg(item.row) : QString::fromStdString(n.key);
            return displayValue(n);
        case Qt::EditRole:
            return index.column() == ValueColumn && n.is_value() ? writtenText(n, n.value_begin) : QVariant();
        case Qt::ToolTipRole: {
            QString tip = QStringLiteral("line %1, column %2").arg(n.line).arg(n.column);
            if (!n.raw_value.empty())
                tip += QStringLiteral("\n%1 = %2")
                           .arg(QString::fromStdString(n.raw_value), QString::fromStdString(n.value));
            return tip;
        }
        case Qt::FontRole: {
            QFont font;
            if (index.column() == KeyColumn && !n.is_value() && is_component_name(QString::fromStdString(n.key)))
                font.setBold(true);
            if (n.is_variable_definition() || !n.raw_value.empty()) font.setItalic(true);
            return font;
        }
        case Qt::ForegroundRole:
            if (index.column() == ValueColumn && !n.is_value()) return QColor(Qt::gray);
            if (index.column() == ValueColumn && !n.raw_value.empty()) return QColor(0xb0, 0x60, 0x00);
            return {};
        case BeginRole: return n.begin;
        case EndRole: return n.end;
        case ValueBeginRole: return n.value_begin;
        case PathRole: return pathOf(index);
        default: return {};
    }
}

QString ModelTreeModel::valueTextForEdit(const QString& input) {
    QString text = input.trimmed();
    if (text.isEmpty()) return QStringLiteral("\"\"");
    if (text.size() >= 2 && text.startsWith(u'"') && text.endsWith(u'"')) return text;
    static const QRegularExpression needs_quotes(QStringLiteral("[\\s{}\\[\\]=#\"\\\\]"));
    if (text.contains(needs_quotes)) {
        text.remove(u'"');
        return u'"' + text + u'"';
    }
    return text;
}

bool ModelTreeModel::setData(const QModelIndex& index, const QVariant& value, int role) {
    const PropNode* n = node(index);
    if (role != Qt::EditRole || index.column() != ValueColumn || !n || !n->is_value()) return false;
    if (n->value_begin < 0 || n->end < n->value_begin || n->end > int(text_.size())) return false;
    QString replacement = valueTextForEdit(value.toString());
    if (replacement == writtenText(*n, n->value_begin)) return false;
    emit valueEditRequested(n->value_begin, n->end, replacement);
    return true;
}

Qt::ItemFlags ModelTreeModel::flags(const QModelIndex& index) const {
    if (!index.isValid()) return Qt::NoItemFlags;
    Qt::ItemFlags result = Qt::ItemIsEnabled | Qt::ItemIsSelectable;
    const PropNode* n = node(index);
    if (index.column() == ValueColumn && n->is_value() && n->value_begin >= 0) result |= Qt::ItemIsEditable;
    if (n->children.empty()) result |= Qt::ItemNeverHasChildren;
    return result;
}

QVariant ModelTreeModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole) return {};
    return section == KeyColumn ? tr("Key") : tr("Value");
}

QModelIndex ModelTreeModel::indexAtOffset(int utf8_offset) const {
    QModelIndex found;
    int id = 0;
    while (true) {
        int next = -1;
        for (int child : items_[id].children) {
            const PropNode& n = *items_[child].node;
            if (n.begin <= utf8_offset && utf8_offset < n.end) {
                next = child;
                break;
            }
        }
        if (next < 0) return found;
        id = next;
        found = createIndex(items_[id].row, 0, quintptr(id));
    }
}

QModelIndex ModelTreeModel::findNamedGroup(std::string_view key, std::string_view name) const {
    for (size_t id = 1; id < items_.size(); ++id) {
        const PropNode& n = *items_[id].node;
        if (n.key != key || n.is_value()) continue;
        const PropNode* name_node = n.find("name");
        if (name_node && name_node->value == name) return createIndex(items_[id].row, 0, quintptr(id));
    }
    return {};
}

QModelIndex ModelTreeModel::enclosingGroup(const QModelIndex& index, std::string_view key) const {
    for (QModelIndex i = index.siblingAtColumn(0); i.isValid(); i = parent(i)) {
        const PropNode* n = node(i);
        if (n->key == key && !n->is_value()) return i;
    }
    return {};
}

QString ModelTreeModel::pathSegment(int item) const {
    const PropNode& n = *items_[item].node;
    const PropNode* name = n.is_value() ? nullptr : n.find("name");
    if (name && name->is_value()) return QString::fromStdString(n.key + ":" + name->value);
    int occurrence = 0;
    for (int sibling : items_[items_[item].parent].children) {
        if (sibling == item) break;
        if (items_[sibling].node->key == n.key) ++occurrence;
    }
    return QStringLiteral("%1#%2").arg(QString::fromStdString(n.key)).arg(occurrence);
}

QString ModelTreeModel::pathOf(const QModelIndex& index) const {
    QStringList segments;
    for (int id = itemId(index); id > 0; id = items_[id].parent) segments.prepend(pathSegment(id));
    return segments.join(u'/');
}

QModelIndex ModelTreeModel::indexOfPath(const QString& path) const {
    if (path.isEmpty()) return {};
    int id = 0;
    for (const QString& segment : path.split(u'/')) {
        int next = -1;
        for (int child : items_[id].children) {
            if (pathSegment(child) == segment) {
                next = child;
                break;
            }
        }
        if (next < 0) return {};
        id = next;
    }
    return createIndex(items_[id].row, 0, quintptr(id));
}

}  // namespace hfd::editor
