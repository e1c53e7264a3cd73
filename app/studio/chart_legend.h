#pragma once
// The legend and the curve pens of every plot in the studio (Plots, Muscle Analysis,
// Optimization; the Induced accelerations dock should use it too).
//
// Qt Charts' own legend gives a right-hand legend up to 40 % of the chart's width and
// elides the names that do not fit ("hamstrings_r.acti..."); at the bottom it is one
// row, whose names it cuts as well. This legend is laid out for the chart's size and
// never cuts a name nor takes the plot's room: one line per curve at the right when
// the longest entry takes at most a quarter of the chart's width, else rows under the
// time axis, as many as the names need. Each entry is a sample of the curve's own pen
// (colour, width and dashes) and its full name. It follows the chart's size, its
// legend font and label colour (themes) by itself; after series are added, removed,
// renamed or repainted call update_plot_legend.
#include <QList>
#include <QPen>
#include <QRectF>
#include <QStringList>

class QAbstractSeries;
class QChart;

namespace hfd::studio {

// Hides Qt's legend and puts this one on the chart; the chart's margins now are its
// margins without a legend (the legend adds to them).
void use_plot_legend(QChart& chart);

// Lists the chart's curves again (the visible series with a name, but those left out)
// and lays them out for the chart's size.
void update_plot_legend(QChart& chart);

// Leaves a series that is no curve (a time cursor) out of the legend.
void leave_out_of_plot_legend(QAbstractSeries& series);

// Where the legend is (chart coordinates) and what it lists, as drawn.
struct PlotLegendLayout {
    enum class Side { None, Right, Bottom } side = Side::None;
    QRectF rect;
    QStringList names;
    int rows = 0;  // lines of entries
};
PlotLegendLayout plot_legend_layout(const QChart& chart);

// The pen of the curve in palette slot `index` (series_color, series_dash) at `width` px.
QPen series_pen(int index, double width);

}  // namespace hfd::studio
