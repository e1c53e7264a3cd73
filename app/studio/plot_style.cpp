#include "plot_style.h"

#include <algorithm>
#include <cstdio>
#include <iterator>

namespace hfd::studio {

namespace {
// Okabe-Ito, ordered so that neighbours contrast most on white; its yellow
// (#F0E442) is left out: it does not read on a white background. Then five more
// that stay apart from it and from each other (plot_style.h).
constexpr std::uint32_t palette[] = {0x0072B2, 0xD55E00, 0x009E73, 0xE69F00, 0xCC79A7, 0x56B4E9,
                                     0x000000, 0x332288, 0x999933, 0x882255, 0x8C510A, 0xE7298A};
static_assert(std::size(palette) == series_palette_size);
constexpr std::uint32_t greys[] = {0x555555, 0x8c8c8c, 0x333333, 0xaaaaaa};
}  // namespace

PlotStyle screen_plot_style() { return {}; }

PlotStyle print_plot_style() { return {2.5, 2, 11, 11}; }

std::uint32_t series_color(int index) {
    const int n = int(std::size(palette));
    return palette[((index % n) + n) % n];
}

SeriesDash series_dash(int index) {
    constexpr SeriesDash dashes[] = {SeriesDash::Solid, SeriesDash::Dot, SeriesDash::DashDot, SeriesDash::DashDotDot};
    const int round = std::max(0, index) / series_palette_size;
    return dashes[round % int(std::size(dashes))];
}

std::uint32_t kept_series_color(int index) {
    const int n = int(std::size(greys));
    return greys[((index % n) + n) % n];
}

std::string color_name(std::uint32_t rgb) {
    char text[8];
    std::snprintf(text, sizeof text, "#%06x", unsigned(rgb & 0xffffff));
    return text;
}

}  // namespace hfd::studio
