#include "chart_legend.h"

#include "plot_style.h"

#include <QChart>
#include <QFontMetricsF>
#include <QGraphicsLayout>
#include <QGraphicsObject>
#include <QLegend>
#include <QPainter>
#include <QXYSeries>
#include <algorithm>
#include <cmath>

namespace hfd::studio {

namespace {

// The share of the chart's width a one-line-per-curve legend at the right takes at
// most; wider names go under the plot, unless rows there would take more than
// `bottom_share` of a short chart's height: then the names stay at the right if they
// take at most `widest_right_share` of the width (whole, unlike Qt's 40 % that elides).
constexpr double right_share = 0.25, widest_right_share = 0.4, bottom_share = 0.15;

const char* const left_out_property = "hfdPlotLegendLeftOut";

bool in_plot_legend(const QAbstractSeries& series) { return !series.property(left_out_property).toBool(); }

class PlotLegendItem : public QGraphicsObject {
public:
    explicit PlotLegendItem(QChart* chart) : QGraphicsObject(chart), chart_(chart), base_(chart->margins()) {
        setZValue(1000);  // over the plot area and the axes
        setAcceptedMouseButtons(Qt::NoButton);
        chart->legend()->hide();
        connect(chart, &QGraphicsWidget::geometryChanged, this, &PlotLegendItem::relayout);
        connect(chart->legend(), &QLegend::fontChanged, this, &PlotLegendItem::relayout);
        connect(chart->legend(), &QLegend::labelColorChanged, this, [this] { update(); });
    }

    QRectF boundingRect() const override { return layout_.rect; }

    void paint(QPainter* painter, const QStyleOptionGraphicsItem*, QWidget*) override {
        const QFont font = chart_->legend()->font();
        const Metrics m = metrics(font);
        painter->save();
        painter->setRenderHint(QPainter::Antialiasing);
        painter->setFont(font);
        for (const Entry& entry : entries_) {
            const double middle = entry.at.y() + m.row / 2;
            QPen pen = entry.pen;
            pen.setWidthF(std::clamp(pen.widthF(), 1.0, 3.0));
            pen.setCapStyle(Qt::FlatCap);
            painter->setPen(pen);
            painter->drawLine(QPointF(entry.at.x(), middle), QPointF(entry.at.x() + m.swatch, middle));
            painter->setPen(chart_->legend()->labelColor());
            painter->drawText(QRectF(entry.at.x() + m.swatch + m.gap, entry.at.y(), entry.text_width + m.row, m.row),
                              Qt::AlignLeft | Qt::AlignVCenter | Qt::TextDontClip, entry.name);
        }
        painter->restore();
    }

    // The curves now: the visible series with a name, but for those left out.
    void refresh() {
        std::vector<Entry> entries;
        for (QAbstractSeries* series : chart_->series()) {
            if (series->name().isEmpty() || !series->isVisible() || !in_plot_legend(*series)) continue;
            Entry entry;
            entry.name = series->name();
            if (auto* xy = qobject_cast<QXYSeries*>(series)) entry.pen = xy->pen();
            entries.push_back(entry);
        }
        const bool same = entries.size() == entries_.size() &&
                          std::equal(entries.begin(), entries.end(), entries_.begin(), [](const Entry& a, const Entry& b) {
                              return a.name == b.name && a.pen == b.pen;
                          });
        if (same && laid_out_for_ == chart_->size() && laid_out_font_ == chart_->legend()->font()) return;
        entries_ = std::move(entries);
        relayout();
    }

    PlotLegendLayout layout() const { return layout_; }

private:
    struct Entry {
        QString name;
        QPen pen;
        double text_width = 0;
        QPointF at;  // top left of its line
    };
    struct Metrics {
        double swatch, gap, spacing, row, pad;
    };
    static Metrics metrics(const QFont& font) {
        const double h = QFontMetricsF(font).height();
        return {2 * h, 0.4 * h, 1.2 * h, 1.3 * h, 0.6 * h};
    }

    void relayout() {
        // the room inside the chart's layout margins (its background) and its own margins
        qreal left = 0, top = 0, right = 0, bottom = 0;
        if (chart_->layout()) chart_->layout()->getContentsMargins(&left, &top, &right, &bottom);
        const QMargins base = base_ + QMargins(int(std::ceil(left)), int(std::ceil(top)), int(std::ceil(right)),
                                                int(std::ceil(bottom)));
        const QFont font = chart_->legend()->font();
        const Metrics m = metrics(font);
        const QFontMetricsF fm(font);
        for (Entry& entry : entries_) entry.text_width = fm.horizontalAdvance(entry.name);
        const QSizeF size = chart_->size();
        const double avail_w = size.width() - base.left() - base.right();
        const double avail_h = size.height() - base.top() - base.bottom();
        PlotLegendLayout layout;
        QMargins margins = base_;
        double widest = 0;
        for (const Entry& entry : entries_) widest = std::max(widest, m.swatch + m.gap + entry.text_width);
        const double column_h = double(entries_.size()) * m.row;
        // rows under the plot: as many entries a row as fit, each whole
        std::vector<std::vector<size_t>> rows;
        double row_w = 0;
        for (size_t e = 0; e < entries_.size(); ++e) {
            const double w = m.swatch + m.gap + entries_[e].text_width;
            if (rows.empty() || row_w + m.spacing + w > avail_w) rows.push_back({}), row_w = -m.spacing;
            rows.back().push_back(e);
            row_w += m.spacing + w;
        }
        const double rows_h = double(rows.size()) * m.row + m.pad;
        const bool fits_right = column_h <= avail_h;
        if (entries_.empty()) {
        } else if (fits_right && widest + m.pad <= right_share * size.width()) {
            layout.side = PlotLegendLayout::Side::Right;
        } else if (rows_h <= bottom_share * size.height() || !fits_right ||
                   widest + m.pad > widest_right_share * size.width()) {
            layout.side = PlotLegendLayout::Side::Bottom;
        } else {
            layout.side = PlotLegendLayout::Side::Right;
        }
        if (layout.side == PlotLegendLayout::Side::Right) {
            const double x = size.width() - base.right() - widest;
            for (size_t e = 0; e < entries_.size(); ++e) entries_[e].at = QPointF(x, base.top() + double(e) * m.row);
            layout.rect = QRectF(x, base.top(), widest, column_h);
            layout.rows = int(entries_.size());
            margins.setRight(base_.right() + int(std::ceil(widest + m.pad)));
        } else if (layout.side == PlotLegendLayout::Side::Bottom) {
            const double top = size.height() - base.bottom() - rows_h + m.pad;
            double from = INFINITY, to = -INFINITY;
            for (size_t r = 0; r < rows.size(); ++r) {
                double w = -m.spacing;
                for (size_t e : rows[r]) w += m.spacing + m.swatch + m.gap + entries_[e].text_width;
                double x = base.left() + std::max(0.0, (avail_w - w) / 2);
                from = std::min(from, x), to = std::max(to, x + w);
                for (size_t e : rows[r]) {
                    entries_[e].at = QPointF(x, top + double(r) * m.row);
                    x += m.swatch + m.gap + entries_[e].text_width + m.spacing;
                }
            }
            layout.rect = QRectF(from, top, to - from, double(rows.size()) * m.row);
            layout.rows = int(rows.size());
            margins.setBottom(base_.bottom() + int(std::ceil(rows_h)));
        }
        for (const Entry& entry : entries_) layout.names << entry.name;
        prepareGeometryChange();
        layout_ = layout;
        laid_out_for_ = size;
        laid_out_font_ = font;
        if (chart_->margins() != margins) chart_->setMargins(margins);
        update();
    }

    QChart* chart_;
    QMargins base_;
    std::vector<Entry> entries_;
    PlotLegendLayout layout_;
    QSizeF laid_out_for_;
    QFont laid_out_font_;
};

PlotLegendItem* legend_item(const QChart& chart) {
    for (QGraphicsItem* child : chart.childItems())
        if (auto* item = dynamic_cast<PlotLegendItem*>(child)) return item;
    return nullptr;
}

}  // namespace

void leave_out_of_plot_legend(QAbstractSeries& series) { series.setProperty(left_out_property, true); }

void use_plot_legend(QChart& chart) {
    if (!legend_item(chart)) new PlotLegendItem(&chart);
}

void update_plot_legend(QChart& chart) {
    PlotLegendItem* item = legend_item(chart);
    if (!item) item = new PlotLegendItem(&chart);
    item->refresh();
}

PlotLegendLayout plot_legend_layout(const QChart& chart) {
    const PlotLegendItem* item = legend_item(chart);
    return item ? item->layout() : PlotLegendLayout{};
}

QPen series_pen(int index, double width) {
    QPen pen(QColor::fromRgb(QRgb(series_color(index))));
    pen.setWidthF(width);
    switch (series_dash(index)) {
        case SeriesDash::Solid: pen.setStyle(Qt::SolidLine); break;
        case SeriesDash::Dot: pen.setStyle(Qt::DotLine); break;
        case SeriesDash::DashDot: pen.setStyle(Qt::DashDotLine); break;
        case SeriesDash::DashDotDot: pen.setStyle(Qt::DashDotDotLine); break;
    }
    return pen;
}

}  // namespace hfd::studio
