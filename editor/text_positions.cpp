#include "text_positions.h"

#include <QTextBlock>
#include <QTextDocument>

namespace hfd::editor {

namespace {
int utf8_length(char32_t code_point) {
    if (code_point < 0x80) return 1;
    if (code_point < 0x800) return 2;
    if (code_point < 0x10000) return 3;
    return 4;
}
}  // namespace

int utf16_index_from_utf8(QStringView text, int utf8_offset) {
    int bytes = 0;
    int i = 0;
    while (i < text.size() && bytes < utf8_offset) {
        char32_t code_point = text[i].unicode();
        int units = 1;
        if (text[i].isHighSurrogate() && i + 1 < text.size() && text[i + 1].isLowSurrogate()) {
            code_point = QChar::surrogateToUcs4(text[i], text[i + 1]);
            units = 2;
        }
        bytes += utf8_length(code_point);
        i += units;
    }
    return i;
}

int utf8_offset_from_utf16(QStringView text, int utf16_index) {
    int bytes = 0;
    int end = qBound(0, utf16_index, int(text.size()));
    for (int i = 0; i < end; ++i) {
        if (text[i].isHighSurrogate() && i + 1 < text.size() && text[i + 1].isLowSurrogate()) {
            bytes += 4;
            ++i;
        } else {
            bytes += utf8_length(text[i].unicode());
        }
    }
    return bytes;
}

int position_from_line_column(const QTextDocument* document, int line, int utf8_column) {
    if (line < 1) return -1;
    QTextBlock block = document->findBlockByNumber(line - 1);
    if (!block.isValid()) return -1;
    int column = utf8_column <= 1 ? 0 : utf16_index_from_utf8(block.text(), utf8_column - 1);
    return block.position() + column;
}

}  // namespace hfd::editor
