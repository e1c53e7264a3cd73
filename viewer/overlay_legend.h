#pragma once
// The key to the 3D view's overlays: a strip under the view with a swatch (or a
// colour ramp with its ends labelled) and a name per visible overlay, laid out
// left to right and wrapped to the width. It lives beside the Qt3D window,
// not over it: a widget over a native GL window is hidden by it on X11.
#include "overlay_palette.h"

#include <QWidget>
#include <vector>

namespace hfd {

class OverlayLegend : public QWidget {
    Q_OBJECT
public:
    explicit OverlayLegend(QWidget* parent = nullptr);
    void setEntries(const std::vector<LegendEntry>& entries);  // none: the strip hides
    const std::vector<LegendEntry>& entries() const { return entries_; }

    QSize sizeHint() const override;
    bool hasHeightForWidth() const override { return true; }
    int heightForWidth(int width) const override;

protected:
    void paintEvent(QPaintEvent* event) override;

private:
    struct Placed {
        QRect swatch, text;
        std::size_t entry;
    };
    std::vector<Placed> layout(int width) const;
    int entryWidth(const LegendEntry& entry) const;

    std::vector<LegendEntry> entries_;
};

}  // namespace hfd
