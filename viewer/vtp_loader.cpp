#include "vtp_loader.h"

#include "vtp_binary.h"

#include <QFile>
#include <QXmlStreamReader>

#include <cmath>
#include <cstdlib>

namespace hfd {
namespace {

enum class Section { Other, Points, PointData, Polys, Strips };

struct ArrayText {
    std::string type;
    std::string format;     // ascii, binary, appended
    std::string text;       // ascii or base64 content
    long long offset = -1;  // appended: position in the appended text
    int line = 0;
    bool present = false;
};

struct Piece {
    long long point_count = -1;
    ArrayText points, normals, poly_connectivity, poly_offsets, strip_connectivity, strip_offsets;
};

struct VtpDocument {
    VtpEncoding encoding;
    std::vector<Piece> pieces;
    std::string appended;  // base64 text after the '_' marker
    bool appended_raw = false;
};

std::string attribute(const QXmlStreamReader& xml, const char* name) {
    return xml.attributes().value(QLatin1String(name)).toString().toStdString();
}

std::string read_header(const QXmlStreamReader& xml, VtpEncoding& encoding) {
    if (attribute(xml, "type") != "PolyData")
        return "VTKFile type is '" + attribute(xml, "type") + "', expected 'PolyData'";
    const std::string order = attribute(xml, "byte_order");
    encoding.little_endian = order != "BigEndian";
    const std::string header_type = attribute(xml, "header_type");
    if (header_type == "UInt64") encoding.header_bytes = 8;
    else if (header_type.empty() || header_type == "UInt32") encoding.header_bytes = 4;
    else return "unsupported header_type '" + header_type + "'";
    const std::string compressor = attribute(xml, "compressor");
    if (compressor == "vtkZLibDataCompressor") encoding.zlib = true;
    else if (!compressor.empty()) encoding.unsupported_compressor = compressor;
    return {};
}

ArrayText* array_slot(Piece& piece, Section section, const std::string& name, const std::string& normals_name) {
    switch (section) {
        case Section::Points: return &piece.points;
        case Section::PointData:
            return (name == normals_name || (normals_name.empty() && name == "Normals")) ? &piece.normals : nullptr;
        case Section::Polys:
            if (name == "connectivity") return &piece.poly_connectivity;
            if (name == "offsets") return &piece.poly_offsets;
            return nullptr;
        case Section::Strips:
            if (name == "connectivity") return &piece.strip_connectivity;
            if (name == "offsets") return &piece.strip_offsets;
            return nullptr;
        case Section::Other: return nullptr;
    }
    return nullptr;
}

Section section_of(QStringView element) {
    if (element == u"Points") return Section::Points;
    if (element == u"PointData") return Section::PointData;
    if (element == u"Polys") return Section::Polys;
    if (element == u"Strips") return Section::Strips;
    return Section::Other;
}

std::string read_appended(QXmlStreamReader& xml, VtpDocument& doc) {
    if (attribute(xml, "encoding") != "base64") {
        doc.appended_raw = true;
        return {};
    }
    const std::string text = xml.readElementText().toStdString();
    const std::size_t marker = text.find('_');
    if (marker == std::string::npos) return "AppendedData has no '_' marker";
    doc.appended = text.substr(marker + 1);
    return {};
}

// Collects the arrays of every Piece; decoding happens afterwards, when the
// appended section (which comes last) is known.
std::string read_document(const std::string& xml_text, VtpDocument& doc) {
    QXmlStreamReader xml(QByteArray::fromRawData(xml_text.data(), qsizetype(xml_text.size())));
    Section section = Section::Other;
    std::string normals_name;
    bool seen_root = false;
    while (!xml.atEnd()) {
        if (xml.readNext() == QXmlStreamReader::EndElement) {
            if (section_of(xml.name()) != Section::Other) section = Section::Other;
            continue;
        }
        if (!xml.isStartElement()) continue;
        const QStringView name = xml.name();
        if (name == u"VTKFile") {
            seen_root = true;
            if (std::string error = read_header(xml, doc.encoding); !error.empty()) return error;
        } else if (name == u"Piece") {
            Piece piece;
            const std::string count = attribute(xml, "NumberOfPoints");
            if (!count.empty()) piece.point_count = std::atoll(count.c_str());
            doc.pieces.push_back(piece);
        } else if (section_of(name) != Section::Other) {
            section = section_of(name);
            if (section == Section::PointData) normals_name = attribute(xml, "Normals");
        } else if (name == u"DataArray" && !doc.pieces.empty()) {
            ArrayText* slot = array_slot(doc.pieces.back(), section, attribute(xml, "Name"), normals_name);
            if (!slot) continue;
            slot->present = true;
            slot->line = int(xml.lineNumber());
            slot->type = attribute(xml, "type");
            slot->format = attribute(xml, "format");
            const std::string offset = attribute(xml, "offset");
            if (!offset.empty()) slot->offset = std::atoll(offset.c_str());
            slot->text = xml.readElementText().toStdString();
        } else if (name == u"AppendedData") {
            if (std::string error = read_appended(xml, doc); !error.empty()) return error;
        }
    }
    if (xml.hasError()) return "line " + std::to_string(xml.lineNumber()) + ": " + xml.errorString().toStdString();
    if (!seen_root) return "no VTKFile element";
    if (doc.pieces.empty()) return "no Piece element";
    return {};
}

std::string parse_ascii(const std::string& text, std::vector<double>& values) {
    const char* cursor = text.c_str();
    while (true) {
        while (*cursor && std::isspace(static_cast<unsigned char>(*cursor))) ++cursor;
        if (!*cursor) return {};
        char* end = nullptr;
        const double value = std::strtod(cursor, &end);
        if (end == cursor) {
            std::string word;
            for (; *cursor && !std::isspace(static_cast<unsigned char>(*cursor)) && word.size() < 16; ++cursor)
                word.push_back(*cursor);
            return "'" + word + "' is not a number";
        }
        values.push_back(value);
        cursor = end;
    }
}

std::string decode_array(const ArrayText& array, const VtpDocument& doc, std::vector<double>& values) {
    std::string error;
    if (array.format == "ascii") {
        error = parse_ascii(array.text, values);
    } else if (array.format == "binary") {
        error = decode_binary_array(array.text, 0, array.type, doc.encoding, values);
    } else if (array.format == "appended") {
        if (doc.appended_raw) error = "raw appended data is not supported (only base64 encoding)";
        else if (array.offset < 0 || std::size_t(array.offset) > doc.appended.size())
            error = "appended offset out of range";
        else error = decode_binary_array(doc.appended, std::size_t(array.offset), array.type, doc.encoding, values);
    } else {
        error = "unknown DataArray format '" + array.format + "'";
    }
    for (double v : values)
        if (error.empty() && !std::isfinite(v)) error = "non-finite value";
    if (!error.empty()) return "line " + std::to_string(array.line) + ": " + error;
    return {};
}

// Cells given as connectivity + offsets (offset[i] = end of cell i).
std::string add_cells(const std::vector<double>& connectivity, const std::vector<double>& offsets, bool strips,
                      std::uint32_t base, TriangleMesh& mesh) {
    std::size_t begin = 0;
    for (double offset_value : offsets) {
        const std::size_t end = std::size_t(offset_value);
        if (offset_value < 0 || end < begin || end > connectivity.size())
            return "cell offsets are not increasing or exceed the connectivity";
        for (std::size_t k = begin; k + 2 < end; ++k) {
            // polygons: fans around the first corner; strips: consecutive
            // triples with alternating winding
            std::uint32_t a = base + std::uint32_t(connectivity[strips ? k : begin]);
            std::uint32_t b = base + std::uint32_t(connectivity[k + 1]);
            std::uint32_t c = base + std::uint32_t(connectivity[k + 2]);
            if (strips && (k - begin) % 2 == 1) std::swap(b, c);
            mesh.triangles.push_back({a, b, c});
        }
        begin = end;
    }
    return {};
}

std::string add_piece(const Piece& piece, const VtpDocument& doc, TriangleMesh& mesh, bool& all_normals) {
    if (!piece.points.present) return "Piece has no Points";
    std::vector<double> points, normals, connectivity, offsets;
    if (std::string e = decode_array(piece.points, doc, points); !e.empty()) return e;
    if (points.size() % 3 != 0)
        return "line " + std::to_string(piece.points.line) + ": point count is not a multiple of 3";
    const std::size_t count = points.size() / 3;
    if (piece.point_count >= 0 && std::size_t(piece.point_count) != count)
        return "NumberOfPoints is " + std::to_string(piece.point_count) + " but " + std::to_string(count) +
               " points are given";
    const std::uint32_t base = std::uint32_t(mesh.positions.size());
    for (std::size_t i = 0; i < count; ++i)
        mesh.positions.emplace_back(float(points[3 * i]), float(points[3 * i + 1]), float(points[3 * i + 2]));

    if (piece.normals.present) {
        if (std::string e = decode_array(piece.normals, doc, normals); !e.empty()) return e;
    }
    if (normals.size() == points.size()) {
        for (std::size_t i = 0; i < count; ++i)
            mesh.normals.push_back(
                Eigen::Vector3f(float(normals[3 * i]), float(normals[3 * i + 1]), float(normals[3 * i + 2]))
                    .normalized());
    } else {
        all_normals = false;
    }
    for (bool strips : {false, true}) {
        const ArrayText& conn = strips ? piece.strip_connectivity : piece.poly_connectivity;
        const ArrayText& offs = strips ? piece.strip_offsets : piece.poly_offsets;
        if (!conn.present && !offs.present) continue;
        if (!conn.present || !offs.present)
            return std::string(strips ? "Strips" : "Polys") + " needs both connectivity and offsets";
        connectivity.clear();
        offsets.clear();
        if (std::string e = decode_array(conn, doc, connectivity); !e.empty()) return e;
        if (std::string e = decode_array(offs, doc, offsets); !e.empty()) return e;
        if (std::string e = add_cells(connectivity, offsets, strips, base, mesh); !e.empty())
            return "line " + std::to_string(offs.line) + ": " + e;
    }
    return {};
}

}  // namespace

MeshLoadResult parse_vtp(const std::string& xml_text) {
    MeshLoadResult result;
    VtpDocument doc;
    result.error = read_document(xml_text, doc);
    if (result.ok() && !doc.encoding.unsupported_compressor.empty())
        result.error = "unsupported compressor '" + doc.encoding.unsupported_compressor + "'";
    bool all_normals = true;
    for (const Piece& piece : doc.pieces) {
        if (!result.ok()) break;
        result.error = add_piece(piece, doc, result.mesh, all_normals);
    }
    if (result.ok()) result.error = check_triangle_indices(result.mesh);
    if (result.ok() && result.mesh.triangles.empty()) result.error = "the PolyData has no polygons";
    if (result.ok() && !all_normals) compute_vertex_normals(result.mesh);
    if (!result.ok()) result.mesh = {};
    return result;
}

MeshLoadResult load_vtp_file(const std::string& path) {
    QFile file(QString::fromStdString(path));
    if (!file.open(QIODevice::ReadOnly)) {
        MeshLoadResult result;
        result.error = "cannot open: " + file.errorString().toStdString();
        return result;
    }
    const QByteArray bytes = file.readAll();
    return parse_vtp(std::string(bytes.constData(), std::size_t(bytes.size())));
}

}  // namespace hfd
