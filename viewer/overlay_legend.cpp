#include "overlay_legend.h"

#include <QLinearGradient>
#include <QPainter>

namespace hfd {
namespace {
constexpr int margin = 4, gap = 14, swatch_size = 12, ramp_width = 56, text_gap = 5;
}

OverlayLegend::OverlayLegend(QWidget* parent) : QWidget(parent) {
    setObjectName(QStringLiteral("overlayLegend"));
    setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Fixed);
    hide();
}

void OverlayLegend::setEntries(const std::vector<LegendEntry>& entries) {
    if (entries == entries_) return;
    entries_ = entries;
    setVisible(!entries_.empty());
    updateGeometry();
    update();
}

// A ramp shows "low [ramp] high label"; a swatch "[swatch] label".
int OverlayLegend::entryWidth(const LegendEntry& entry) const {
    const QFontMetrics metrics = fontMetrics();
    int width = metrics.horizontalAdvance(entry.label) + text_gap;
    if (entry.ramp)
        width += metrics.horizontalAdvance(entry.low_text) + metrics.horizontalAdvance(entry.high_text) + ramp_width +
                 3 * text_gap;
    else width += swatch_size;
    return width;
}

std::vector<OverlayLegend::Placed> OverlayLegend::layout(int width) const {
    std::vector<Placed> placed;
    const int line_height = std::max(fontMetrics().height(), swatch_size) + 2;
    int x = margin, y = margin;
    for (std::size_t e = 0; e < entries_.size(); ++e) {
        const int w = entryWidth(entries_[e]);
        if (x > margin && x + w > width - margin) {
            x = margin;
            y += line_height;
        }
        placed.push_back({QRect(x, y, w, line_height), QRect(), e});
        x += w + gap;
    }
    return placed;
}

int OverlayLegend::heightForWidth(int width) const {
    const std::vector<Placed> placed = layout(width);
    return placed.empty() ? 0 : placed.back().swatch.bottom() + 1 + margin;
}

QSize OverlayLegend::sizeHint() const { return QSize(400, heightForWidth(width() > 0 ? width() : 400)); }

void OverlayLegend::paintEvent(QPaintEvent*) {
    QPainter painter(this);
    painter.setRenderHint(QPainter::Antialiasing);
    const QFontMetrics metrics = fontMetrics();
    for (const Placed& p : layout(width())) {
        const LegendEntry& entry = entries_[p.entry];
        const QRect cell = p.swatch;
        const int swatch_top = cell.top() + (cell.height() - swatch_size) / 2;
        int x = cell.left();
        auto text = [&](const QString& s) {
            const int w = metrics.horizontalAdvance(s);
            painter.setPen(palette().color(QPalette::WindowText));
            painter.drawText(QRect(x, cell.top(), w, cell.height()), Qt::AlignVCenter | Qt::AlignLeft, s);
            x += w + text_gap;
        };
        if (entry.ramp) {
            text(entry.low_text);
            QLinearGradient gradient(x, 0, x + ramp_width, 0);
            gradient.setColorAt(0, entry.color_low);
            gradient.setColorAt(0.5, entry.color_mid);
            gradient.setColorAt(1, entry.color);
            painter.fillRect(QRect(x, swatch_top, ramp_width, swatch_size), gradient);
            x += ramp_width + text_gap;
            text(entry.high_text);
        } else {
            painter.setPen(QPen(entry.color.darker(140), 1));
            painter.setBrush(entry.color);
            painter.drawRoundedRect(QRectF(x + 0.5, swatch_top + 0.5, swatch_size - 1, swatch_size - 1), 2, 2);
            x += swatch_size + text_gap;
        }
        text(entry.label);
    }
}

}  // namespace hfd
