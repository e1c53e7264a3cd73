#pragma once
// A plot as plain data (its series, labels and axis ranges) and its CSV export
// (time, then one column per series). Figures (PNG, SVG, PDF) are the charts
// themselves, painted (plot_figure.cpp, MuscleAnalysisDock::exportTo).
#include <QPen>
#include <QPointF>
#include <QSize>
#include <QString>
#include <vector>

namespace hfd::studio {

struct PlotSeriesData {
    QString label;
    std::vector<QPointF> points;  // (time, value), increasing time
    bool dashed = false;          // a kept run, drawn under the current one
    QPen pen;                     // as drawn (where the plot sets it)
};

struct PlotData {
    QString x_label = QStringLiteral("time [s]");
    double x_min = 0, x_max = 1, y_min = 0, y_max = 1;
    std::vector<PlotSeriesData> series;
};

// CSV: "time,<label>,..." then one row per time any series has (sorted); a series
// without a sample at that time leaves its cell empty. Values with 10 significant digits.
QString plot_csv(const PlotData& plot);

// Writes text to path (UTF-8); false with *error set when it cannot.
bool write_text_file(const QString& path, const QString& text, QString* error);

}  // namespace hfd::studio
