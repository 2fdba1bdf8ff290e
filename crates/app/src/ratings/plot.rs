//! The rating-history plot, drawn with egui's painter: the rating as a line, one
//! deviation either side as a shaded band, a dot per game. The geometry is a plain
//! function of the points so it is tested without a screen.

use chess4d_archive::storage::RatingPoint;
use egui::{Align2, Color32, FontId, Pos2, Rect, Sense, Shape, Stroke, StrokeKind, Ui, Vec2, pos2};

use chess4d_archive::storage::Archive;

/// Where each point of the plot lands in `rect`.
#[derive(Debug, Clone, PartialEq)]
pub(super) struct PlotGeometry {
    /// The rating after each game; the first point is the rating before the first game.
    pub line: Vec<Pos2>,
    /// The rating ± one deviation at each point: (top, bottom).
    pub band: Vec<(Pos2, Pos2)>,
    /// The rating range the vertical axis spans (low, high).
    pub range: (f64, f64),
}

/// The plot's points in `rect` for (rating, deviation) pairs, oldest first. The vertical
/// axis spans every band with a margin, and at least 100 points so a flat history does
/// not fill the plot with noise.
pub(super) fn plot_geometry(points: &[(f64, f64)], rect: Rect) -> PlotGeometry {
    let mut low = f64::INFINITY;
    let mut high = f64::NEG_INFINITY;
    for &(rating, deviation) in points {
        low = low.min(rating - deviation);
        high = high.max(rating + deviation);
    }
    if !low.is_finite() || !high.is_finite() {
        (low, high) = (1400.0, 1600.0);
    }
    let middle = (low + high) / 2.0;
    let half = ((high - low) / 2.0).max(50.0) * 1.05;
    let (low, high) = (middle - half, middle + half);

    let steps = points.len().saturating_sub(1).max(1) as f32;
    let x = |index: usize| rect.left() + rect.width() * index as f32 / steps;
    let y = |rating: f64| {
        let share = ((rating - low) / (high - low)) as f32;
        rect.bottom() - rect.height() * share.clamp(0.0, 1.0)
    };
    PlotGeometry {
        line: points
            .iter()
            .enumerate()
            .map(|(i, &(rating, _))| pos2(x(i), y(rating)))
            .collect(),
        band: points
            .iter()
            .enumerate()
            .map(|(i, &(rating, deviation))| {
                (
                    pos2(x(i), y(rating + deviation)),
                    pos2(x(i), y(rating - deviation)),
                )
            })
            .collect(),
        range: (low, high),
    }
}

/// Draws the history of one player in one variant, the newcomer rating first.
pub(super) fn rating_plot(ui: &mut Ui, history: &[RatingPoint]) {
    let width = ui.available_width().max(120.0);
    let (response, painter) = ui.allocate_painter(Vec2::new(width, 120.0), Sense::hover());
    let frame = response.rect;
    let visuals = ui.visuals();
    painter.rect_filled(frame, 2.0, visuals.extreme_bg_color);
    painter.rect_stroke(
        frame,
        2.0,
        visuals.widgets.noninteractive.bg_stroke,
        StrokeKind::Inside,
    );
    let text_color = visuals.weak_text_color();
    let line_color = visuals.selection.bg_fill;
    let font = FontId::proportional(10.0);

    let newcomer = Archive::default_rating();
    let points: Vec<(f64, f64)> = std::iter::once((newcomer.rating, newcomer.deviation))
        .chain(
            history
                .iter()
                .map(|point| (point.rating.rating, point.rating.deviation)),
        )
        .collect();
    let inner = frame.shrink2(Vec2::new(30.0, 10.0));
    let geometry = plot_geometry(&points, inner);

    let band_fill =
        Color32::from_rgba_unmultiplied(line_color.r(), line_color.g(), line_color.b(), 40);
    for pair in geometry.band.windows(2) {
        let [(top0, bottom0), (top1, bottom1)] = [pair[0], pair[1]];
        painter.add(Shape::convex_polygon(
            vec![top0, top1, bottom1, bottom0],
            band_fill,
            Stroke::NONE,
        ));
    }
    painter.add(Shape::line(
        geometry.line.clone(),
        Stroke::new(1.5, line_color),
    ));
    for &point in &geometry.line {
        painter.circle_filled(point, 2.5, line_color);
    }
    let (low, high) = geometry.range;
    painter.text(
        pos2(frame.left() + 2.0, inner.top()),
        Align2::LEFT_CENTER,
        format!("{high:.0}"),
        font.clone(),
        text_color,
    );
    painter.text(
        pos2(frame.left() + 2.0, inner.bottom()),
        Align2::LEFT_CENTER,
        format!("{low:.0}"),
        font.clone(),
        text_color,
    );
    if history.is_empty() {
        painter.text(
            frame.center(),
            Align2::CENTER_CENTER,
            "no rated games yet",
            font,
            text_color,
        );
    } else {
        painter.text(
            pos2(frame.right() - 2.0, frame.bottom() - 2.0),
            Align2::RIGHT_BOTTOM,
            format!("{} games", history.len()),
            font,
            text_color,
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn higher_ratings_sit_higher_and_everything_stays_inside() {
        let rect = Rect::from_min_max(pos2(10.0, 20.0), pos2(210.0, 120.0));
        let points = [
            (1500.0, 350.0),
            (1662.0, 290.0),
            (1590.0, 250.0),
            (1700.0, 200.0),
        ];
        let geometry = plot_geometry(&points, rect);
        assert_eq!(geometry.line.len(), 4);
        assert_eq!(geometry.line[0].x, rect.left());
        assert_eq!(geometry.line[3].x, rect.right());
        assert!(geometry.line[1].y < geometry.line[0].y, "1662 above 1500");
        assert!(geometry.line[2].y > geometry.line[1].y, "1590 below 1662");
        for &(top, bottom) in &geometry.band {
            assert!(top.y < bottom.y);
            assert!(
                rect.contains(top) && rect.contains(bottom),
                "{top:?} {bottom:?}"
            );
        }
        let (low, high) = geometry.range;
        assert!(low <= 1150.0 && high >= 1900.0, "{low}..{high}");
    }

    #[test]
    fn a_single_point_and_no_points_still_make_a_plot() {
        let rect = Rect::from_min_max(pos2(0.0, 0.0), pos2(100.0, 50.0));
        let one = plot_geometry(&[(1500.0, 0.0)], rect);
        assert_eq!(one.line.len(), 1);
        assert!(
            one.range.1 - one.range.0 >= 100.0,
            "a flat history gets room"
        );
        assert!(rect.contains(one.line[0]));
        assert!(plot_geometry(&[], rect).line.is_empty());
    }
}
