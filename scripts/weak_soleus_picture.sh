#!/usr/bin/env bash
# The picture of docs/optimization.md: Tutorial 4a's model (H0918) with a weak
# soleus (max_isometric_force x 0.5), its old gait (the healthy gait hfd optimize
# found, seed 2) kept in the studio and the new one (found from it, seed 1, 5
# generations) beside it. The corpus is read in place: the working folder links
# to its models, controllers, measures and init folders.
#   scripts/weak_soleus_picture.sh [WORK_DIR] [IMAGE.png]
# Needs build/bin/hfd and build/bin/hfd-studio, xvfb-run, and the corpus
# (HFD_CORPUS, default /work/shared/corpus). About a minute on 2 idle cores.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
corpus="${HFD_CORPUS:-/work/shared/corpus}/scone-tutorials3"
work="$(realpath -m "${1:-/tmp/hfd_weak_soleus}")"
image="$(realpath -m "${2:-$root/docs/images/weak_soleus_kept_run.png}")"
hfd="$root/build/bin/hfd"
studio="$root/build/bin/hfd-studio"
tutorial="$corpus/Tutorial 4a - Gait - Hyfydy.scone"
[ -f "$tutorial" ] || { echo "no $tutorial (set HFD_CORPUS)" >&2; exit 1; }

mkdir -p "$work"
for folder in models controllers measures init; do ln -sfn "$corpus/$folder" "$work/$folder"; done

# The newest run folder's best (last) .par.
best_par() { ls "$(ls -d "$1"/*/ | tail -1)"*.par | tail -1; }

# 1. The healthy gait: Tutorial 4a from its own values, seed 2, to its best of 80
#    generations (generation 27, objective 0.960).
if [ ! -f "$work/healthy.par" ]; then
  "$hfd" optimize "$tutorial" --threads 2 --seed 2 --max-generations 27 --out-dir "$work/healthy"
  cp "$(best_par "$work/healthy")" "$work/healthy.par"
fi

# 2. The weak soleus, started from the healthy gait (std_factor 2).
sed -e 's|^\tmin_progress = 1e-4$|&\n\tinit { file = healthy.par std_factor = 2 }|' \
    -e 's|^\t\t\tmodel_file = models/H0918v3.hfd$|&\n\t\t\tProperties {\n\t\t\t\tsoleus_l { max_isometric_force.factor = 0.5 }\n\t\t\t\tsoleus_r { max_isometric_force.factor = 0.5 }\n\t\t\t}|' \
    "$tutorial" > "$work/weak_soleus.scone"
grep -q "init { file = healthy.par" "$work/weak_soleus.scone" && grep -q "soleus_r { max_isometric" "$work/weak_soleus.scone" ||
  { echo "Tutorial 4a changed: cannot write the weak soleus scenario" >&2; exit 1; }

# 3. The new gait: 5 generations, seed 1 (the best of generation 5 walks 20 s).
if [ ! -f "$work/new.par" ]; then
  "$hfd" optimize "$work/weak_soleus.scone" --threads 2 --seed 1 --max-generations 5 --out-dir "$work/weak"
  cp "$(best_par "$work/weak")" "$work/new.par"
fi
for par in healthy new; do
  echo "$par.par with the weak soleus:"
  "$hfd" scenario evaluate "$work/weak_soleus.scone" --par "$work/$par.par" | grep -E "^(objective|simulated|distance)"
done

# 4. The studio: the old gait kept (grey in the plots, the ghost in the 3D view), the
#    new one shown at 2 s (the old gait falls at 3.0 s), the plots' first 6 s.
xvfb-run -a -s "-screen 0 1600x1200x24" "$studio" "$work/weak_soleus.scone" \
  --keep-run "$work/healthy.par" --par "$work/new.par" \
  --screenshot "$image" --window --size 1600x1000 --time 2 --zoom 0:6 \
  --plot "ankle_angle_r,soleus_r.activation;pelvis_ty,leg0_r.grf_y"
echo "wrote $image"
