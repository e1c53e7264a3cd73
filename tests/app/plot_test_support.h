#pragma once
// What the plot dock draws, read from its charts as a user sees them: the
// lines of a plot and where the time cursor (the grey vertical line "t") stands.
#include "plot_dock.h"
#include "time_plot_view.h"

#include <QChart>
#include <QLineSeries>
#include <cmath>

namespace studio_test {

// The chart of plot `plot` (the views are in plot order); null when there is none.
inline QChart* plot_chart(const hfd::studio::PlotDock& dock, int plot) {
    const hfd::studio::TimePlotView* view = dock.findChildren<hfd::studio::TimePlotView*>().value(plot);
    return view ? view->chart() : nullptr;
}

inline bool is_time_cursor(const QAbstractSeries* series) { return series->name() == QStringLiteral("t"); }

// The lines drawn in a plot (channels and kept runs), the time cursor left out.
inline QList<QLineSeries*> drawn_lines(const hfd::studio::PlotDock& dock, int plot) {
    QList<QLineSeries*> lines;
    if (QChart* chart = plot_chart(dock, plot))
        for (QAbstractSeries* series : chart->series())
            if (auto* line = qobject_cast<QLineSeries*>(series); line && !is_time_cursor(line)) lines << line;
    return lines;
}

// Points drawn for the line named `name` in a plot; -1 when no such line is drawn.
inline int drawn_point_count(const hfd::studio::PlotDock& dock, int plot, const QString& name) {
    for (const QLineSeries* line : drawn_lines(dock, plot))
        if (line->name() == name) return int(line->count());
    return -1;
}

// The time at which the cursor is drawn in the first plot (NaN when it is not drawn).
inline double drawn_cursor_time(const hfd::studio::PlotDock& dock) {
    if (QChart* chart = plot_chart(dock, 0))
        for (QAbstractSeries* series : chart->series())
            if (auto* line = qobject_cast<QLineSeries*>(series);
                line && is_time_cursor(line) && line->count() == 2 && line->at(0).x() == line->at(1).x())
                return line->at(0).x();
    return std::nan("");
}

}  // namespace studio_test
