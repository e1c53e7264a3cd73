#pragma once
// The contact overlays as one dynamic mesh (overlay_glyphs.h), drawn in front
// of the bodies: arrows and dots are slots of one vertex buffer rewritten from
// each pose, one draw call however many contacts there are. More glyphs than
// slots grow the buffers (rebuilt in place); no entity is ever added, since
// Qt3D 6.4 does not draw an entity added or enabled after the first frames.
#include "overlay_glyphs.h"

#include <vector>

namespace Qt3DCore {
class QAttribute;
class QBuffer;
class QEntity;
}  // namespace Qt3DCore
namespace Qt3DRender {
class QGeometryRenderer;
}

namespace hfd {

struct GlyphArrow {
    Vec3 tail, tip;
    Eigen::Vector3f color;
};
struct GlyphDot {
    Vec3 centre;
    double radius = 0;
    Eigen::Vector3f color;
};

// The slice of the front of the depth buffer the glyphs draw in (draw_in_front):
// glyphs in a nearer slice show through those in a farther one where they overlap.
struct DepthSlice {
    double near = 0, far = 0.001;
};

class GlyphMesh {
public:
    GlyphMesh(Qt3DCore::QEntity* parent, std::size_t arrow_slots, std::size_t dot_slots, const ArrowShape& shape,
              DepthSlice depth = {});
    // Draws exactly these, nothing else.
    void set(const std::vector<GlyphArrow>& arrows, const std::vector<GlyphDot>& dots);
    std::size_t arrow_slots() const { return layout_.arrows; }
    std::size_t dot_slots() const { return layout_.dots; }

private:
    void allocate(std::size_t arrows, std::size_t dots);

    GlyphLayout layout_;
    ArrowShape shape_;
    Qt3DCore::QBuffer *vertex_buffer_ = nullptr, *index_buffer_ = nullptr;
    std::vector<Qt3DCore::QAttribute*> vertex_attributes_;
    Qt3DCore::QAttribute* index_attribute_ = nullptr;
    Qt3DRender::QGeometryRenderer* renderer_ = nullptr;
};

}  // namespace hfd
