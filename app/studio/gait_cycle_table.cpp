#include "gait_cycle_table.h"

#include <QFont>
#include <cmath>

namespace hfd::studio {

namespace {

struct ColumnInfo {
    const char* title;
    const char* statistic;  // gait_statistics' name; null: not a measure
    int decimals;
};

// The columns: what each shows and with how many decimals.
constexpr ColumnInfo columns[GaitCycleTableModel::Columns] = {
    {"side", nullptr, 0},
    {"cycle", nullptr, 0},
    {"stride time [s]", "stride_time", 3},
    {"cadence [steps/min]", "cadence", 1},
    {"stride length [m]", "stride_length", 3},
    {"step length [m]", "step_length", 3},
    {"speed [m/s]", "speed", 3},
    {"stance [%]", "stance", 1},
    {"double support [%]", "double_support", 1},
};

QString number(double value, int decimals) {
    return std::isnan(value) ? QStringLiteral("–") : QString::number(value, 'f', decimals);
}

}  // namespace

GaitCycleTableModel::GaitCycleTableModel(QObject* parent) : QAbstractTableModel(parent) {}

void GaitCycleTableModel::setAnalysis(const GaitAnalysis& analysis) {
    beginResetModel();
    rows_.clear();
    if (analysis.ok())
        for (const GaitSide side : gait_sides) {
            const GaitSideResult& result = analysis.side(side);
            for (const GaitCycle& cycle : result.cycles) rows_.push_back({side, false, cycle, {}});
            if (!result.cycles.empty()) rows_.push_back({side, true, {}, gait_statistics(result)});
        }
    endResetModel();
}

void GaitCycleTableModel::clear() {
    beginResetModel();
    rows_.clear();
    endResetModel();
}

int GaitCycleTableModel::rowCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : int(rows_.size()); }

int GaitCycleTableModel::columnCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : Columns; }

int GaitCycleTableModel::summaryRow(GaitSide side) const {
    for (size_t r = 0; r < rows_.size(); ++r)
        if (rows_[r].summary && rows_[r].side == side) return int(r);
    return -1;
}

double GaitCycleTableModel::cycleValue(const GaitCycle& cycle, int column) {
    switch (column) {
        case Cycle: return cycle.number;
        case StrideTime: return cycle.stride_time;
        case Cadence: return cycle.cadence;
        case StrideLength: return cycle.stride_length;
        case StepLength: return cycle.step_length;
        case Speed: return cycle.speed;
        case Stance: return cycle.stance_percent;
        case DoubleSupport: return cycle.double_support_percent;
        default: return std::nan("");
    }
}

const GaitStatistic* GaitCycleTableModel::statistic(const Row& row, int column) {
    const char* name = columns[column].statistic;
    if (!name) return nullptr;
    for (const GaitStatistic& s : row.statistics)
        if (s.name == name) return &s;
    return nullptr;
}

QVariant GaitCycleTableModel::displayText(const Row& row, int column) const {
    if (column == Side) return QString::fromLatin1(gait_side_name(row.side));
    if (!row.summary)
        return column == Cycle ? QString::number(row.cycle.number)
                               : number(cycleValue(row.cycle, column), columns[column].decimals);
    if (column == Cycle) return tr("mean ± SD");
    const GaitStatistic* s = statistic(row, column);
    if (!s) return QString();
    const int decimals = columns[column].decimals;
    if (std::isnan(s->sd)) return number(s->mean, decimals);
    return QStringLiteral("%1 ± %2").arg(number(s->mean, decimals), number(s->sd, decimals));
}

QVariant GaitCycleTableModel::data(const QModelIndex& index, int role) const {
    if (!index.isValid() || index.row() >= int(rows_.size()) || index.column() >= Columns) return {};
    const Row& row = rows_[size_t(index.row())];
    const int column = index.column();
    switch (role) {
        case Qt::DisplayRole: return displayText(row, column);
        case ValueRole:
            if (column == Side) return QString::fromLatin1(gait_side_name(row.side));
            if (!row.summary) return cycleValue(row.cycle, column);
            if (const GaitStatistic* s = statistic(row, column)) return s->mean;
            return {};
        case SdRole:
            if (const GaitStatistic* s = row.summary ? statistic(row, column) : nullptr) return s->sd;
            return {};
        case SummaryRole: return row.summary;
        case Qt::TextAlignmentRole:
            return column <= Cycle ? int(Qt::AlignLeft | Qt::AlignVCenter) : int(Qt::AlignRight | Qt::AlignVCenter);
        case Qt::FontRole:
            if (row.summary) {
                QFont font;
                font.setBold(true);
                return font;
            }
            return {};
        case Qt::ToolTipRole:
            if (row.summary)
                return tr("Mean ± sample SD (n − 1) over the %1 side's cycles").arg(gait_side_name(row.side));
            return tr("Heel strike %1 s, toe off %2 s, next heel strike %3 s")
                .arg(row.cycle.start, 0, 'f', 3)
                .arg(row.cycle.toe_off, 0, 'f', 3)
                .arg(row.cycle.end, 0, 'f', 3);
        default: return {};
    }
}

QVariant GaitCycleTableModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole || section < 0 || section >= Columns) return {};
    return tr(columns[section].title);
}

}  // namespace hfd::studio
