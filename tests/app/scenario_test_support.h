#pragma once
// Shared by the app tests of SCONE scenarios: a small, fast scenario and .par files for it.
#include "main_window.h"

#include <QString>

namespace studio_test {

// A studio window for a test: no dialogs, no settings or recent files read or written.
inline hfd::studio::MainWindowOptions test_window_options(bool with_viewer) {
    hfd::studio::MainWindowOptions options;
    options.with_viewer = with_viewer;
    options.use_dialogs = false;
    options.restore_settings = false;
    options.remember_recent_files = false;
    return options;
}

// The planar human sample under a gait state controller with one soleus length
// reflex: three parameters, the stance threshold and the reflex's KL and L0.
inline QString tiny_scenario(double max_duration, int max_generations) {
    return QStringLiteral(R"(
CmaOptimizer {
	lambda = 4
	max_generations = %2
	random_seed = 5
	SimulationObjective {
		max_duration = %1
		ModelHyfydy { model_file = "%3" initial_load = 1 fixed_control_step_size = 0.01 }
		GaitStateController {
			stance_load_threshold = ~0.3<0.001,1>
			ConditionalControllers {
				ConditionalController {
					states = "EarlyStance LateStance"
					ReflexController { MuscleReflex { target = soleus KL = ~0.5<0,10> L0 = ~0.9<0.5,2> delay = 0.02 } }
				}
			}
		}
		DofMeasure { dof = pelvis_tilt position { min = 0 max = 0 squared_penalty = 1 } }
	}
}
)")
        .arg(max_duration)
        .arg(max_generations)
        .arg(QStringLiteral(HFD_SAMPLES_DIR "/human_planar.hfd"));
}

// A .par of tiny_scenario (SCONE's columns: name value mean std) with the soleus reflex's gain KL.
inline QString tiny_par(double soleus_gain) {
    return QStringLiteral(
               "stance_load_threshold\t0.3\t0.3\t0.03\n"
               "S00011.soleus.KL\t%1\t%1\t0.05\n"
               "S00011.soleus.L0\t0.9\t0.9\t0.09\n")
        .arg(soleus_gain);
}

}  // namespace studio_test
