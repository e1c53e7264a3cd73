#include "plot_export.h"

#include <QFile>
#include <QSaveFile>
#include <QStringList>

#include <algorithm>
#include <cmath>
#include <map>

namespace hfd::studio {

namespace {

const char* const palette[] = {"#1f77b4", "#d62728", "#2ca02c", "#ff7f0e", "#9467bd", "#8c564b", "#e377c2", "#17becf"};

QString number(double value) { return QString::number(value, 'g', 10); }

QString escaped(const QString& text) { return text.toHtmlEscaped(); }

}  // namespace

QString plot_svg(const PlotData& plot, QSize size) {
    const double width = std::max(size.width(), 100), height = std::max(size.height(), 80);
    const double left = 60, right = 170, top = 12, bottom = 42;  // the legend sits right of the plot area
    const double plot_w = std::max(10.0, width - left - right), plot_h = std::max(10.0, height - top - bottom);
    const double x_span = plot.x_max > plot.x_min ? plot.x_max - plot.x_min : 1;
    const double y_span = plot.y_max > plot.y_min ? plot.y_max - plot.y_min : 1;
    auto px = [&](double x) { return left + (x - plot.x_min) / x_span * plot_w; };
    auto py = [&](double y) { return top + (plot.y_max - y) / y_span * plot_h; };

    QString svg;
    svg += QStringLiteral("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
    svg += QStringLiteral(
               "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%1\" height=\"%2\" viewBox=\"0 0 %1 %2\" "
               "font-family=\"sans-serif\" font-size=\"11\">\n")
               .arg(width)
               .arg(height);
    svg += QStringLiteral("<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n");
    svg += QStringLiteral("<rect x=\"%1\" y=\"%2\" width=\"%3\" height=\"%4\" fill=\"none\" stroke=\"#888\"/>\n")
               .arg(left)
               .arg(top)
               .arg(plot_w)
               .arg(plot_h);
    constexpr int ticks = 5;
    for (int i = 0; i < ticks; ++i) {
        const double fx = plot.x_min + x_span * i / (ticks - 1), fy = plot.y_min + y_span * i / (ticks - 1);
        svg += QStringLiteral(
                   "<line x1=\"%1\" y1=\"%2\" x2=\"%1\" y2=\"%3\" stroke=\"#ddd\"/>"
                   "<text x=\"%1\" y=\"%4\" text-anchor=\"middle\">%5</text>\n")
                   .arg(px(fx))
                   .arg(top)
                   .arg(top + plot_h)
                   .arg(top + plot_h + 14)
                   .arg(number(fx));
        svg += QStringLiteral(
                   "<line x1=\"%1\" y1=\"%2\" x2=\"%3\" y2=\"%2\" stroke=\"#ddd\"/>"
                   "<text x=\"%4\" y=\"%5\" text-anchor=\"end\">%6</text>\n")
                   .arg(left)
                   .arg(py(fy))
                   .arg(left + plot_w)
                   .arg(left - 4)
                   .arg(py(fy) + 4)
                   .arg(number(fy));
    }
    svg += QStringLiteral("<text x=\"%1\" y=\"%2\" text-anchor=\"middle\">%3</text>\n")
               .arg(left + plot_w / 2)
               .arg(height - 8)
               .arg(escaped(plot.x_label));
    for (std::size_t s = 0; s < plot.series.size(); ++s) {
        const PlotSeriesData& series = plot.series[s];
        const QString color = QString::fromLatin1(palette[s % std::size(palette)]);
        const QString dash = series.dashed ? QStringLiteral(" stroke-dasharray=\"6 3\"") : QString();
        QStringList points;
        for (const QPointF& p : series.points)
            if (std::isfinite(p.y()))
                points << QStringLiteral("%1,%2").arg(px(p.x()), 0, 'f', 2).arg(py(p.y()), 0, 'f', 2);
        svg += QStringLiteral(
                   "<polyline fill=\"none\" stroke=\"%1\" stroke-width=\"1.5\"%2 data-label=\"%3\" points=\"%4\"/>\n")
                   .arg(color, dash, escaped(series.label), points.join(u' '));
        const double legend_y = top + 14 * double(s) + 8, legend_x = left + plot_w + 10;
        svg += QStringLiteral(
                   "<line x1=\"%1\" y1=\"%2\" x2=\"%3\" y2=\"%2\" stroke=\"%4\" stroke-width=\"2\"%5/>"
                   "<text x=\"%6\" y=\"%7\">%8</text>\n")
                   .arg(legend_x)
                   .arg(legend_y)
                   .arg(legend_x + 18)
                   .arg(color, dash)
                   .arg(legend_x + 22)
                   .arg(legend_y + 4)
                   .arg(escaped(series.label));
    }
    svg += QStringLiteral("</svg>\n");
    return svg;
}

QString plot_csv(const PlotData& plot) {
    std::map<double, std::vector<QString>> rows;  // time -> cells
    for (std::size_t s = 0; s < plot.series.size(); ++s)
        for (const QPointF& p : plot.series[s].points) {
            std::vector<QString>& cells = rows[p.x()];
            cells.resize(plot.series.size());
            cells[s] = number(p.y());
        }
    QStringList header{QStringLiteral("time")};
    for (const PlotSeriesData& series : plot.series) {
        QString label = series.label;
        if (label.contains(u',') || label.contains(u'"'))
            label = u'"' + label.replace(u'"', QStringLiteral("\"\"")) + u'"';
        header << label;
    }
    QString text = header.join(u',') + u'\n';
    for (auto& [time, cells] : rows) {
        cells.resize(plot.series.size());
        QStringList line{number(time)};
        for (const QString& cell : cells) line << cell;
        text += line.join(u',') + u'\n';
    }
    return text;
}

bool write_text_file(const QString& path, const QString& text, QString* error) {
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly | QIODevice::Text) || file.write(text.toUtf8()) < 0 || !file.commit()) {
        if (error) *error = QStringLiteral("cannot write %1: %2").arg(path, file.errorString());
        return false;
    }
    return true;
}

}  // namespace hfd::studio
