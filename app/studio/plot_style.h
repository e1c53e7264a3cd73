#pragma once
// How plots are drawn, on screen and in exported figures alike: line widths,
// font sizes and the colours of the current run (the Okabe-Ito palette, told
// apart by people with any common colour-vision deficiency; Okabe & Ito 2008,
// "Color Universal Design") and of kept runs (greys, dashed). Qt-free.
#include <cstdint>
#include <string>

namespace hfd::studio {

struct PlotStyle {
    double line_width = 2;         // pixels at 96 dpi, current run
    double kept_line_width = 1.5;  // kept runs, dashed
    double font_point_size = 9;    // tick labels and legend
    double title_point_size = 9;   // axis titles
};

// The screen style, and a style for print: thicker lines, larger text.
PlotStyle screen_plot_style();
PlotStyle print_plot_style();

// The curves' palette: the seven Okabe-Ito colours first, then indigo, olive, wine,
// brown and magenta (Paul Tol's and ColorBrewer's), each at least 26 CIELAB units from
// every other and none a grey (kept runs' colour).
constexpr int series_palette_size = 12;
// 0xRRGGBB of the i-th curve (wraps after series_palette_size).
std::uint32_t series_color(int index);
// The line of the i-th curve: solid for the first palette's worth, then dotted,
// dash-dotted and dash-dot-dotted ones (never dashed: locked and kept curves are), so
// that four palettes' worth of curves stay apart by colour and line together.
enum class SeriesDash { Solid, Dot, DashDot, DashDotDot };
SeriesDash series_dash(int index);
// 0xRRGGBB of the i-th series of a kept run: greys from dark to light (r = g = b).
std::uint32_t kept_series_color(int index);

// "#rrggbb"
std::string color_name(std::uint32_t rgb);

}  // namespace hfd::studio
