//! The View tab's 4D options: perspective or orthographic for the 4D-to-3D step and
//! for the 3D view, and quarter turns in the W planes (buttons here, keys 1 2 3 with
//! Alt for the other way) beside the free sliders.

use super::widgets;
use crate::app_state::camera::CameraRig;
use chess4d_render::WPlane;
use egui::{RichText, Ui};

/// W separation an orthographic 4D step starts with when the layers were nested: with
/// no 4D perspective nested copies would lie on top of each other.
const ORTHO_SEPARATION: f32 = 1.3;

/// Projection toggles for both steps, and the two pictures of the W layers.
pub fn projection_options(side: &mut Ui, rig: &mut CameraRig) {
    widgets::section(side, "Projection");
    let t = &mut rig.target;
    side.horizontal(|row| {
        row.label("W layers:");
        let apart = t.ortho_4d && t.w_stack;
        if row
            .selectable_label(apart, "Side by side")
            .on_hover_text("Every W layer the same size, W=1 behind W=0 along the ranks")
            .clicked()
        {
            t.ortho_4d = true;
            t.w_stack = true;
            t.w_separation = ORTHO_SEPARATION;
        }
        let nested = !t.ortho_4d && t.w_separation < 0.05;
        if row
            .selectable_label(nested, "Nested cubes")
            .on_hover_text("The 4D page's picture: W=0 the small inner cube, W=1 around it")
            .clicked()
        {
            t.ortho_4d = false;
            t.w_stack = false;
            t.w_separation = 0.0;
        }
    });
    side.label(
        RichText::new(
            "Nested cubes is the usual tesseract picture: the inner cube is W=0, drawn \
             smaller only because it is farther in 4D.",
        )
        .weak(),
    );
    side.horizontal(|row| {
        row.label("4D to 3D:");
        row.selectable_value(&mut t.ortho_4d, false, "Perspective")
            .on_hover_text("Inner W layers drawn smaller: the nested-cubes tesseract");
        let ortho = row
            .selectable_value(&mut t.ortho_4d, true, "Orthographic")
            .on_hover_text("Every W layer the same size, pulled apart side by side");
        if ortho.clicked() && t.w_separation < 0.5 {
            t.w_separation = ORTHO_SEPARATION;
        }
    });
    side.horizontal(|row| {
        row.label("3D view:");
        row.selectable_value(&mut t.ortho_3d, false, "Perspective")
            .on_hover_text("Far squares drawn smaller");
        row.selectable_value(&mut t.ortho_3d, true, "Orthographic")
            .on_hover_text("Parallel lines stay parallel; no square shrinks with distance");
    });
}

/// Names the window scripts find each plane's angle box by (`widget xw-angle X Y`).
const ANGLE_PROBES: [&str; 3] = ["xw-angle", "yw-angle", "zw-angle"];

/// One row per W plane: turn back or on by 90°, with the key that does the same, and
/// the angle, which can be typed in (the camera glides there). Each angle box's place
/// goes to `probes` for the window scripts.
pub fn quarter_turn_buttons(
    side: &mut Ui,
    rig: &mut CameraRig,
    probes: &mut Vec<(&'static str, egui::Pos2)>,
) {
    side.label(RichText::new("Quarter turns (keys 1 2 3, Alt for back):").weak());
    for (key, plane) in WPlane::ALL.iter().enumerate() {
        side.horizontal(|row| {
            row.label(RichText::new(plane.name()).monospace());
            if row
                .button("−90°")
                .on_hover_text(format!("Alt+{}", key + 1))
                .clicked()
            {
                rig.quarter_turn(*plane, -1);
            }
            if row
                .button("+90°")
                .on_hover_text(format!("key {}", key + 1))
                .clicked()
            {
                rig.quarter_turn(*plane, 1);
            }
            let moving = rig.turning().is_some_and(|t| t.plane == *plane);
            if moving {
                let angle = plane.angle(&rig.shown);
                row.label(RichText::new(format!("{angle:.0}° turning")).weak());
            } else {
                let mut angle = plane.angle(&rig.target);
                let typed = row.add(
                    egui::DragValue::new(&mut angle)
                        .range(-180.0..=180.0)
                        .speed(1.0)
                        .max_decimals(0)
                        .suffix("°"),
                );
                if typed.changed() {
                    plane.set_angle(&mut rig.target, angle);
                }
                probes.push((ANGLE_PROBES[key], typed.rect.center()));
            }
        });
    }
}

/// The plane a digit key turns: 1 XW, 2 YW, 3 ZW.
pub fn plane_of_key(c: &str) -> Option<WPlane> {
    match c {
        "1" => Some(WPlane::Xw),
        "2" => Some(WPlane::Yw),
        "3" => Some(WPlane::Zw),
        _ => None,
    }
}
