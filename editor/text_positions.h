#pragma once
// The engine counts positions in UTF-8 bytes (PropNode offsets, diagnostic
// columns); QTextDocument counts UTF-16 code units. These convert between them.
#include <QString>
#include <QStringView>

class QTextDocument;

namespace hfd::editor {

// UTF-16 index in `text` of the character that starts at `utf8_offset` bytes
// (clamped to [0, text.size()]).
int utf16_index_from_utf8(QStringView text, int utf8_offset);
// Number of UTF-8 bytes before UTF-16 index `utf16_index` of `text`.
int utf8_offset_from_utf16(QStringView text, int utf16_index);

// Document position of a 1-based line and a 1-based UTF-8 byte column;
// column 0 means the start of the line. Returns -1 when the line does not exist.
int position_from_line_column(const QTextDocument* document, int line, int utf8_column);

}  // namespace hfd::editor
