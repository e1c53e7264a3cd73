#pragma once
// The list of errors, warnings and notes: from parsing and building the
// edited model, from the last OpenSim import, and from the 3D view (missing
// meshes). Clicking an entry of the edited text moves the cursor there.
#include "format/diagnostic.h"

#include <QDockWidget>
#include <map>
#include <vector>

class QTreeWidget;
class QTreeWidgetItem;

namespace hfd::studio {

class DiagnosticsDock : public QDockWidget {
    Q_OBJECT
public:
    enum class Source { Model, Import, Viewer };
    explicit DiagnosticsDock(QWidget* parent = nullptr);

    // Replaces the entries of one source. Entries of Source::Model are in the
    // edited text and can be jumped to.
    void setDiagnostics(Source source, const std::vector<Diagnostic>& diagnostics);
    int errorCount() const;
    // The entries are the rows of the QTreeWidget "diagnosticsList" (severity, location, message, source):
    // per source, ten of each kind and a note counting the rest (format/repeated_diagnostics.h); the
    // title and errorCount() count them all.

signals:
    void locationActivated(int line, int column);  // 1-based; column in UTF-8 bytes

private:
    void rebuild();
    void activate(QTreeWidgetItem* item);
    void copySelection();

    QTreeWidget* list_;
    std::map<Source, std::vector<Diagnostic>> entries_;
};

}  // namespace hfd::studio
