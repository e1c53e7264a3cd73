#include "plot_export.h"

#include <QFile>
#include <QSaveFile>
#include <QStringList>

#include <algorithm>
#include <cmath>
#include <map>

namespace hfd::studio {

namespace {

QString number(double value) { return QString::number(value, 'g', 10); }

}  // namespace

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
