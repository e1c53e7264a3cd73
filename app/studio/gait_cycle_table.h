#pragma once
// The cycles of a gait analysis (engine/analysis/gait_cycles.h) as a table model
// for the Gait Analysis dock: per side its cycles in time order, then a row with
// the mean ± sample SD of each measure over the side's cycles (gait_statistics).
// Display text is rounded for reading; ValueRole gives the number itself (the
// mean on a summary row, NaN where unknown) and SdRole the summary row's SD.
#include "analysis/gait_cycles.h"

#include <QAbstractTableModel>
#include <vector>

namespace hfd::studio {

class GaitCycleTableModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column { Side, Cycle, StrideTime, Cadence, StrideLength, StepLength, Speed, Stance, DoubleSupport, Columns };
    enum Role { ValueRole = Qt::UserRole, SdRole, SummaryRole };

    explicit GaitCycleTableModel(QObject* parent = nullptr);

    // The analysis' cycles and statistics (copied); an analysis that failed: no rows.
    void setAnalysis(const GaitAnalysis& analysis);
    void clear();

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

    // The row of a side's mean ± SD (-1: none).
    int summaryRow(GaitSide side) const;

private:
    struct Row {
        GaitSide side = GaitSide::Right;
        bool summary = false;
        GaitCycle cycle;                        // a cycle row
        std::vector<GaitStatistic> statistics;  // a summary row (gait_statistics order)
    };
    static double cycleValue(const GaitCycle& cycle, int column);
    static const GaitStatistic* statistic(const Row& row, int column);
    QVariant displayText(const Row& row, int column) const;

    std::vector<Row> rows_;
};

}  // namespace hfd::studio
