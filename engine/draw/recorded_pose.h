#pragma once
// Poses from a recording: which column of a row holds each body coordinate,
// muscle activation and force, and each contact pair's arrow, resolved once
// from the channels (by body, muscle and pair name against the model), so
// that decoding a row is a walk over those columns.
#include "draw/pose_snapshot.h"
#include "io/channels.h"

#include <vector>

namespace hfd {

struct RecordedPoseColumns {
    enum class Target { PosX, PosY, PosZ, OriW, OriX, OriY, OriZ, Activation };
    struct StateColumn {
        size_t column = 0;
        Index index = no_index;  // the body or muscle
        Target target = Target::PosX;
    };
    struct ForceColumn {
        size_t column = 0;
        Index muscle = no_index;
    };
    struct ContactColumns {
        size_t contact = 0, force = 0, point = 0;  // force and point: the first of x, y, z
        Index body = no_index;                     // the body the recorded force acts on
    };
    std::vector<StateColumn> state;         // in channel order
    std::vector<ForceColumn> muscle_force;  // in channel order
    std::vector<ContactColumns> contacts;   // one per recorded contact pair
    size_t column_count = 0;
};

// Channels naming a body or muscle the model lacks are left out; a pair's
// arrow acts on the body of its first geometry (no_index when unknown).
RecordedPoseColumns resolve_recorded_pose(const Model& model, const std::vector<Channel>& channels,
                                          const ContactPairSet& pairs);

// The pose at one row (column_count values): the model's initial state with the
// recorded body poses and activations, muscle paths from them, recorded muscle
// forces, and an arrow per touching pair (force on its body at its centre of
// pressure). Joint displacements follow from the body poses.
PoseSnapshot recorded_pose(const Model& model, const RecordedPoseColumns& columns, const double* row);

}  // namespace hfd
