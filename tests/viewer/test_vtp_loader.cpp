// .vtp loading: the real bone meshes of the corpus, and small files written
// here in each encoding with exactly known points and triangles.
#include "vtp_loader.h"

#include <QByteArray>
#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QtTest>

#include <zlib.h>

#include <cstring>
#include <filesystem>

using namespace hfd;

namespace {

// A unit square (two triangles as one quad) and a triangle above it.
const std::vector<float> square_points = {0, 0, 0, 1, 0, 0, 1, 1, 0, 0, 1, 0, 0.5f, 0.5f, 2};
const std::vector<int> square_connectivity = {0, 1, 2, 3, 0, 1, 4};
const std::vector<int> square_offsets = {4, 7};
const std::vector<std::array<std::uint32_t, 3>> square_triangles = {{0, 1, 2}, {0, 2, 3}, {0, 1, 4}};

template <typename T>
QByteArray raw_bytes(const std::vector<T>& values) {
    return QByteArray(reinterpret_cast<const char*>(values.data()), qsizetype(values.size() * sizeof(T)));
}

template <typename Header>
QByteArray header_bytes(const std::vector<Header>& values) {
    return raw_bytes(values);
}

// VTK's binary layout: base64(header) followed by base64(data), encoded
// separately; compressed data is split into blocks of `block_size` bytes.
template <typename Header>
QByteArray encode_binary(const QByteArray& data, bool compress_blocks, std::size_t block_size = 16) {
    if (!compress_blocks) return header_bytes(std::vector<Header>{Header(data.size())}).toBase64() + data.toBase64();
    std::vector<Header> header;
    QByteArray compressed;
    const std::size_t block_count = (std::size_t(data.size()) + block_size - 1) / block_size;
    header.push_back(Header(block_count));
    header.push_back(Header(block_size));
    header.push_back(Header(std::size_t(data.size()) % block_size));
    for (std::size_t b = 0; b < block_count; ++b) {
        const std::size_t begin = b * block_size;
        const std::size_t size = std::min(block_size, std::size_t(data.size()) - begin);
        uLongf out_size = compressBound(uLong(size));
        QByteArray out(qsizetype(out_size), '\0');
        compress2(reinterpret_cast<Bytef*>(out.data()), &out_size,
                  reinterpret_cast<const Bytef*>(data.constData() + begin), uLong(size), 9);
        out.resize(qsizetype(out_size));
        header.push_back(Header(out_size));
        compressed += out;
    }
    return header_bytes(header).toBase64() + compressed.toBase64();
}

std::string vtp_document(const QByteArray& file_attributes, const QByteArray& points, const QByteArray& connectivity,
                         const QByteArray& offsets, const QByteArray& format, const QByteArray& point_type,
                         const QByteArray& index_type) {
    QByteArray xml =
        "<?xml version=\"1.0\"?>\n<VTKFile type=\"PolyData\" version=\"1.0\" byte_order=\"LittleEndian\" " +
        file_attributes + ">\n<PolyData>\n<Piece NumberOfPoints=\"5\" NumberOfPolys=\"2\">\n<Points>\n" +
        "<DataArray type=\"" + point_type + "\" NumberOfComponents=\"3\" format=\"" + format + "\">" + points +
        "</DataArray>\n</Points>\n<Polys>\n<DataArray type=\"" + index_type + "\" Name=\"connectivity\" format=\"" +
        format + "\">" + connectivity + "</DataArray>\n" + "<DataArray type=\"" + index_type +
        "\" Name=\"offsets\" format=\"" + format + "\">" + offsets +
        "</DataArray>\n</Polys>\n</Piece>\n</PolyData>\n</VTKFile>\n";
    return xml.toStdString();
}

void expect_square(const MeshLoadResult& result) {
    QVERIFY2(result.ok(), result.error.c_str());
    QCOMPARE(result.mesh.positions.size(), std::size_t(5));
    for (std::size_t i = 0; i < 5; ++i)
        for (int k = 0; k < 3; ++k) QCOMPARE(result.mesh.positions[i][k], square_points[3 * i + std::size_t(k)]);
    QCOMPARE(result.mesh.triangles, square_triangles);
    QCOMPARE(result.mesh.normals.size(), std::size_t(5));
    // vertex 3 only belongs to the square in the z = 0 plane: normal +z
    QVERIFY(std::abs(result.mesh.normals[3].z() - 1.0f) < 1e-6f);
}

std::string ascii_square() {
    return vtp_document("", "0 0 0  1 0 0  1 1 0  0 1 0  0.5 0.5 2", "0 1 2 3 0 1 4", "4 7", "ascii", "Float32",
                        "Int32");
}

}  // namespace

class TestVtpLoader : public QObject {
    Q_OBJECT
private slots:
    void corpus_bones_load() {
        const std::filesystem::path dir = std::filesystem::path(HFD_CORPUS_DIR) / "scone" / "geometry";
        if (!std::filesystem::is_directory(dir)) QSKIP("corpus geometry not available");
        int files = 0;
        for (const auto& entry : std::filesystem::directory_iterator(dir)) {
            if (entry.path().extension() != ".vtp") continue;
            ++files;
            const MeshLoadResult result = load_vtp_file(entry.path().string());
            const QByteArray name = QByteArray::fromStdString(entry.path().filename().string());
            QVERIFY2(result.ok(), (name + ": " + QByteArray::fromStdString(result.error)).constData());
            QVERIFY2(!result.mesh.triangles.empty(), name.constData());
            QCOMPARE(result.mesh.normals.size(), result.mesh.positions.size());
            const MeshBounds bounds = mesh_bounds(result.mesh);
            const Eigen::Vector3f size = bounds.max - bounds.min;
            QVERIFY2(size.maxCoeff() > 0.01f && size.maxCoeff() < 1.0f, name.constData());  // bones, in metres
        }
        QVERIFY(files >= 10);
    }

    void ascii_round_trip() { expect_square(parse_vtp(ascii_square())); }

    void ascii_file_round_trip() {
        QTemporaryDir dir;
        QFile file(dir.filePath("square.vtp"));
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(QByteArray::fromStdString(ascii_square()));
        file.close();
        expect_square(load_vtp_file(file.fileName().toStdString()));
    }

    void binary_uncompressed_uint32() {
        const QByteArray points = encode_binary<std::uint32_t>(raw_bytes(square_points), false);
        const QByteArray conn = encode_binary<std::uint32_t>(raw_bytes(square_connectivity), false);
        const QByteArray offs = encode_binary<std::uint32_t>(raw_bytes(square_offsets), false);
        expect_square(
            parse_vtp(vtp_document("header_type=\"UInt32\"", points, conn, offs, "binary", "Float32", "Int32")));
    }

    void binary_zlib_uint32() {
        const QByteArray points = encode_binary<std::uint32_t>(raw_bytes(square_points), true);
        const QByteArray conn = encode_binary<std::uint32_t>(raw_bytes(square_connectivity), true);
        const QByteArray offs = encode_binary<std::uint32_t>(raw_bytes(square_offsets), true);
        expect_square(parse_vtp(vtp_document("header_type=\"UInt32\" compressor=\"vtkZLibDataCompressor\"", points,
                                             conn, offs, "binary", "Float32", "Int32")));
    }

    void binary_zlib_uint64_float64_int64() {
        const std::vector<double> points64(square_points.begin(), square_points.end());
        const std::vector<std::int64_t> conn64(square_connectivity.begin(), square_connectivity.end());
        const std::vector<std::int64_t> offs64(square_offsets.begin(), square_offsets.end());
        // block size 24 splits the 120-byte point array into 5 full blocks (last size 0 = full)
        const QByteArray points = encode_binary<std::uint64_t>(raw_bytes(points64), true, 24);
        const QByteArray conn = encode_binary<std::uint64_t>(raw_bytes(conn64), true);
        const QByteArray offs = encode_binary<std::uint64_t>(raw_bytes(offs64), true);
        expect_square(parse_vtp(vtp_document("header_type=\"UInt64\" compressor=\"vtkZLibDataCompressor\"", points,
                                             conn, offs, "binary", "Float64", "Int64")));
    }

    void binary_header_encoded_with_data() {
        // some writers encode header and data as one base64 stream
        const QByteArray data = raw_bytes(square_points);
        const QByteArray joined =
            (header_bytes(std::vector<std::uint32_t>{std::uint32_t(data.size())}) + data).toBase64();
        const QByteArray conn = encode_binary<std::uint32_t>(raw_bytes(square_connectivity), false);
        const QByteArray offs = encode_binary<std::uint32_t>(raw_bytes(square_offsets), false);
        expect_square(parse_vtp(vtp_document("", joined, conn, offs, "binary", "Float32", "Int32")));
    }

    void triangle_strip() {
        const std::string xml =
            "<VTKFile type=\"PolyData\"><PolyData><Piece NumberOfPoints=\"5\" NumberOfStrips=\"1\">"
            "<Points><DataArray type=\"Float32\" NumberOfComponents=\"3\" format=\"ascii\">"
            "0 0 0 0 1 0 1 0 0 1 1 0 2 0 0</DataArray></Points>"
            "<Strips><DataArray type=\"Int32\" Name=\"connectivity\" format=\"ascii\">0 1 2 3 4</DataArray>"
            "<DataArray type=\"Int32\" Name=\"offsets\" format=\"ascii\">5</DataArray></Strips>"
            "</Piece></PolyData></VTKFile>";
        const MeshLoadResult result = parse_vtp(xml);
        QVERIFY2(result.ok(), result.error.c_str());
        const std::vector<std::array<std::uint32_t, 3>> expected = {{0, 1, 2}, {1, 3, 2}, {2, 3, 4}};
        QCOMPARE(result.mesh.triangles, expected);
        // consistent winding: every face normal points the same way (-z here)
        for (const Eigen::Vector3f& n : result.mesh.normals) QVERIFY(n.z() < -0.99f);
    }

    void errors_are_reported() {
        QVERIFY(!parse_vtp("<VTKFile type=\"PolyData\"><PolyData>").ok());  // truncated XML
        const MeshLoadResult bad_index = parse_vtp(vtp_document("", "0 0 0  1 0 0  1 1 0  0 1 0  0.5 0.5 2",
                                                                "0 1 2 3 0 1 9", "4 7", "ascii", "Float32", "Int32"));
        QVERIFY(!bad_index.ok());
        QVERIFY(bad_index.error.find("9") != std::string::npos);
        const MeshLoadResult bad_number = parse_vtp(vtp_document("", "0 0 0  1 0 0  1 1 zero  0 1 0  0.5 0.5 2",
                                                                 "0 1 2 3 0 1 4", "4 7", "ascii", "Float32", "Int32"));
        QVERIFY(!bad_number.ok());
        QVERIFY2(bad_number.error.find("line 6") != std::string::npos, bad_number.error.c_str());
        QVERIFY(!parse_vtp("<VTKFile type=\"UnstructuredGrid\"/>").ok());
        QVERIFY(!load_vtp_file("/nonexistent/bone.vtp").ok());
        const QByteArray corrupt = "AAAA" + QByteArray("not base64 at all!");
        QVERIFY(!parse_vtp(vtp_document("compressor=\"vtkZLibDataCompressor\"", corrupt, corrupt, corrupt, "binary",
                                        "Float32", "Int32"))
                     .ok());
    }
};

QTEST_APPLESS_MAIN(TestVtpLoader)
#include "test_vtp_loader.moc"
