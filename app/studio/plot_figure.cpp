// PlotDock's figures: a plot painted by Qt Charts' own scene painting into a PNG
// image, an SVG (QSvgGenerator) or a PDF (QPdfWriter), so that every export and
// the clipboard show what the screen shows: the same colours, ticks and labels.
#include "plot_dock.h"

#include "chart_legend.h"
#include "studio_settings.h"

#include <QBuffer>
#include <QChart>
#include <QChartView>
#include <QCheckBox>
#include <QClipboard>
#include <QDialog>
#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QFileInfo>
#include <QFormLayout>
#include <QGraphicsLayout>
#include <QGraphicsScene>
#include <QGraphicsSimpleTextItem>
#include <QGraphicsTextItem>
#include <QGuiApplication>
#include <QMessageBox>
#include <QPainter>
#include <QPdfWriter>
#include <QSaveFile>
#include <QSpinBox>
#include <QSvgGenerator>
#include <QValueAxis>

namespace hfd::studio {

namespace {

constexpr double screen_dpi = 96;  // the logical DPI the charts are laid out at
constexpr int max_figure_side = 16384;

int dots_per_meter(double dpi) { return int(std::lround(dpi / 0.0254)); }

bool save_bytes(const QString& path, const QByteArray& bytes, QString* error) {
    QSaveFile file(path);  // the old file stays whole until the new one is complete
    if (file.open(QIODevice::WriteOnly) && file.write(bytes) == bytes.size() && file.commit()) return true;
    if (error) *error = QObject::tr("cannot write %1: %2").arg(path, file.errorString());
    return false;
}

}  // namespace

namespace {

void lay_out(QChart& chart) {
    chart.layout()->invalidate();
    chart.layout()->activate();
}

}  // namespace

// The plot laid out as the figure `logical` (96 dpi pixels) big: its style, its legend
// (chart_legend.h places it for this size), and as many round ticks as the figure's
// plot area has room for, not the screen's.
void PlotDock::layOutFigure(Plot& plot, QSizeF logical, const FigureOptions& figure) {
    zooming_ = true;
    if (figure.print_style) applyStyle(plot, print_plot_style());
    plot.chart->setPlotArea(QRectF());
    plot.chart->resize(logical);
    lay_out(*plot.chart);
    fitTimeTicks(plot);
    fitAxes(plot, plot.x->min(), plot.x->max());
    placeCursor(plot);
    lay_out(*plot.chart);
    fitAxisTitles(plot);
    lay_out(*plot.chart);
    zooming_ = false;
}

// Back to the screen's size, style and ticks.
void PlotDock::layOutScreen(Plot& plot, QSizeF screen_size) {
    zooming_ = true;
    plot.chart->resize(screen_size);
    applyStyle(plot, screen_plot_style());
    plot.chart->setPlotArea(QRectF());
    lay_out(*plot.chart);
    fitTimeTicks(plot);
    fitAxes(plot, plot.x->min(), plot.x->max());
    placeCursor(plot);
    zooming_ = false;
    alignPlotAreas();
}

// The plot laid out at `logical` (96 dpi pixels) and painted over the whole device.
bool PlotDock::renderFigure(int plot_index, QPaintDevice* device, QSizeF logical, const FigureOptions& figure) {
    Plot& plot = plots_[plot_index];
    if (dirty_) refresh();
    const QSizeF screen_size = plot.chart->size();
    layOutFigure(plot, logical, figure);
    QPainter painter(device);
    const bool painting = painter.isActive();
    if (painting) {
        painter.setRenderHints(QPainter::Antialiasing | QPainter::TextAntialiasing);
        painter.fillRect(QRectF(0, 0, device->width(), device->height()), plot.chart->backgroundBrush());
        plot.chart->scene()->render(&painter, QRectF(0, 0, device->width(), device->height()),
                                    QRectF(plot.chart->pos(), logical));
        painter.end();
    }
    layOutScreen(plot, screen_size);
    return painting;
}

FigureLayout PlotDock::figureLayout(int plot_index, const FigureOptions& figure) {
    FigureLayout layout;
    if (plot_index < 0 || plot_index >= plot_count || figure.size.isEmpty() || !(figure.dpi > 0)) return layout;
    Plot& plot = plots_[plot_index];
    if (dirty_) refresh();
    const QSizeF screen_size = plot.chart->size();
    layout.size = QSizeF(figure.size) * (screen_dpi / figure.dpi);
    layOutFigure(plot, layout.size, figure);
    layout.plot_area = plot.chart->plotArea();
    layout.legend = plot_legend_layout(*plot.chart);
    for (QGraphicsItem* item : plot.chart->scene()->items(Qt::AscendingOrder)) {
        if (!item->isVisible() || item->effectiveOpacity() <= 0 || !plot.chart->isAncestorOf(item)) continue;
        if (const auto* text = dynamic_cast<const QGraphicsTextItem*>(item)) layout.texts << text->toPlainText();
        else if (const auto* simple = dynamic_cast<const QGraphicsSimpleTextItem*>(item)) layout.texts << simple->text();
    }
    layout.texts << layout.legend.names;
    layout.texts.removeAll(QString());
    for (const QAbstractAxis* axis : plot.chart->axes())
        if (const auto* value = qobject_cast<const QValueAxis*>(axis))
            layout.axes.push_back({value->orientation(), value->min(), value->max(), value->tickInterval(),
                                   value->labelFormat()});
    layOutScreen(plot, screen_size);
    return layout;
}

FigureOptions PlotDock::screenFigureOptions(int plot_index) const {
    FigureOptions figure;
    if (plot_index < 0 || plot_index >= plot_count) return figure;
    const QChartView* view = plots_[plot_index].view;
    const double ratio = view->devicePixelRatioF();
    const QSize size = view->isVisible() ? view->size() : QSize(800, 400);
    figure.size = (QSizeF(size) * ratio).toSize();
    figure.dpi = screen_dpi * ratio;
    return figure;
}

QImage PlotDock::plotImage(int plot_index, const FigureOptions& figure) {
    if (plot_index < 0 || plot_index >= plot_count || figure.size.isEmpty() || !(figure.dpi > 0)) return {};
    QImage image(figure.size, QImage::Format_ARGB32_Premultiplied);
    image.fill(Qt::white);
    // Painted at 96 dpi (the fonts' points become the pixels the layout measured), saved with the figure's.
    image.setDotsPerMeterX(dots_per_meter(screen_dpi));
    image.setDotsPerMeterY(dots_per_meter(screen_dpi));
    if (!renderFigure(plot_index, &image, QSizeF(figure.size) * (screen_dpi / figure.dpi), figure)) return {};
    image.setDotsPerMeterX(dots_per_meter(figure.dpi));
    image.setDotsPerMeterY(dots_per_meter(figure.dpi));
    return image;
}

void PlotDock::copyPlotImage(int plot_index) {
    if (!hasCurves(plot_index)) return;  // an empty plot is no figure
    const QImage image = plotImage(plot_index, screenFigureOptions(plot_index));
    if (!image.isNull()) QGuiApplication::clipboard()->setImage(image);
}

bool PlotDock::exportFigure(int plot_index, const QString& path, const FigureOptions& figure, QString* error) {
    const QString suffix = QFileInfo(path).suffix().toLower();
    if (figure.size.width() < 1 || figure.size.height() < 1 || figure.size.width() > max_figure_side ||
        figure.size.height() > max_figure_side || !(figure.dpi >= 10 && figure.dpi <= 2400)) {
        if (error)
            *error = tr("%1: a figure of %2x%3 pixels at %4 dpi: each side must be 1 to %5 pixels, the DPI 10 to 2400")
                         .arg(path)
                         .arg(figure.size.width())
                         .arg(figure.size.height())
                         .arg(figure.dpi)
                         .arg(max_figure_side);
        return false;
    }
    const QSizeF logical = QSizeF(figure.size) * (screen_dpi / figure.dpi);
    QByteArray bytes;
    QBuffer buffer(&bytes);
    buffer.open(QIODevice::WriteOnly);
    bool drawn = false;
    if (suffix == QLatin1String("png")) {
        const QImage image = plotImage(plot_index, figure);
        drawn = !image.isNull() && image.save(&buffer, "PNG");
    } else if (suffix == QLatin1String("svg")) {
        QSvgGenerator svg;
        svg.setOutputDevice(&buffer);
        svg.setResolution(int(screen_dpi));
        svg.setSize(logical.toSize());
        svg.setViewBox(QRectF(QPointF(0, 0), logical));
        svg.setTitle(tr("Plot %1").arg(plot_index + 1));
        drawn = renderFigure(plot_index, &svg, logical, figure);
    } else {
        QPdfWriter pdf(&buffer);
        pdf.setResolution(int(screen_dpi));
        pdf.setPageMargins(QMarginsF(0, 0, 0, 0));
        pdf.setPageSize(QPageSize(QSizeF(figure.size) / figure.dpi, QPageSize::Inch));
        pdf.setTitle(tr("Plot %1").arg(plot_index + 1));
        drawn = renderFigure(plot_index, &pdf, logical, figure);
    }
    buffer.close();
    if (!drawn) {
        if (error) *error = tr("%1: the plot could not be drawn").arg(path);
        return false;
    }
    return save_bytes(path, bytes, error);
}

bool PlotDock::exportPlot(int plot_index, const QString& path, QString* error,
                          const std::optional<FigureOptions>& figure) {
    if (plot_index < 0 || plot_index >= plot_count) return false;
    const QString suffix = QFileInfo(path).suffix().toLower();
    if (suffix == QLatin1String("csv")) return write_text_file(path, plot_csv(plotData(plot_index)), error);
    if (suffix == QLatin1String("png") || suffix == QLatin1String("svg") || suffix == QLatin1String("pdf"))
        return exportFigure(plot_index, path, figure ? *figure : screenFigureOptions(plot_index), error);
    if (error) *error = tr("%1: export as .png, .svg, .pdf or .csv").arg(path);
    return false;
}

void PlotDock::setFigureOptionsPrompt(std::function<std::optional<FigureOptions>(const FigureOptions&)> prompt) {
    figure_prompt_ = std::move(prompt);
}

void PlotDock::exportWithPrompt(int plot) {
    if (!hasCurves(plot)) {
        emit message(tr("Plot %1 has no curves to export: tick channels for it first").arg(plot + 1));
        return;
    }
    if (!export_prompt_) return;
    const QString path =
        export_prompt_(QStringLiteral("plot%1.png").arg(plot + 1),
                       tr("PNG image (*.png);;SVG image (*.svg);;PDF document (*.pdf);;CSV data (*.csv)"));
    if (path.isEmpty()) return;
    std::optional<FigureOptions> figure;
    if (QFileInfo(path).suffix().toLower() != QLatin1String("csv") && figure_prompt_) {
        // the last figure's size, DPI and style, else the view's own
        figure = figure_prompt_(remembered_figure_options(screenFigureOptions(plot)));
        if (!figure) return;
        remember_figure_options(*figure);
    }
    QString error;
    if (!exportPlot(plot, path, &error, figure)) QMessageBox::warning(this, tr("Export Plot"), error);
}

namespace {
const QString figure_key = QStringLiteral("plotFigure/");
}

FigureOptions remembered_figure_options(const FigureOptions& fallback) {
    auto settings = open_settings();
    const QSize size(settings->value(figure_key + QStringLiteral("width"), 0).toInt(),
                     settings->value(figure_key + QStringLiteral("height"), 0).toInt());
    const double dpi = settings->value(figure_key + QStringLiteral("dpi"), 0.0).toDouble();
    if (size.width() < 1 || size.height() < 1 || size.width() > max_figure_side || size.height() > max_figure_side ||
        !(dpi >= 10 && dpi <= 2400))
        return fallback;
    return {size, dpi, settings->value(figure_key + QStringLiteral("printStyle"), false).toBool()};
}

void remember_figure_options(const FigureOptions& figure) {
    auto settings = open_settings();
    settings->setValue(figure_key + QStringLiteral("width"), figure.size.width());
    settings->setValue(figure_key + QStringLiteral("height"), figure.size.height());
    settings->setValue(figure_key + QStringLiteral("dpi"), figure.dpi);
    settings->setValue(figure_key + QStringLiteral("printStyle"), figure.print_style);
}

std::optional<FigureOptions> ask_figure_options(QWidget* parent, const FigureOptions& suggested) {
    QDialog dialog(parent);
    dialog.setWindowTitle(QObject::tr("Export Plot as a Figure"));
    auto* form = new QFormLayout(&dialog);
    auto side = [&](int value) {
        auto* box = new QSpinBox(&dialog);
        box->setRange(1, max_figure_side);
        box->setValue(value);
        box->setSuffix(QObject::tr(" px"));
        return box;
    };
    QSpinBox *width = side(suggested.size.width()), *height = side(suggested.size.height());
    auto* dpi = new QDoubleSpinBox(&dialog);
    dpi->setRange(10, 2400);
    dpi->setDecimals(0);
    dpi->setValue(suggested.dpi);
    auto* print = new QCheckBox(QObject::tr("Print style: thicker lines, larger text"), &dialog);
    print->setChecked(suggested.print_style);
    form->addRow(QObject::tr("Width"), width);
    form->addRow(QObject::tr("Height"), height);
    form->addRow(QObject::tr("DPI"), dpi);
    form->addRow(print);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, &dialog);
    QObject::connect(buttons, &QDialogButtonBox::accepted, &dialog, &QDialog::accept);
    QObject::connect(buttons, &QDialogButtonBox::rejected, &dialog, &QDialog::reject);
    form->addRow(buttons);
    if (dialog.exec() != QDialog::Accepted) return std::nullopt;
    return FigureOptions{QSize(width->value(), height->value()), dpi->value(), print->isChecked()};
}

}  // namespace hfd::studio
