// Screen-space quads: pieces and label glyphs from the atlas (fs_textured), procedural
// marks (dots, rings, frames, glows, arrow heads) and plain colour (fs_plain). Corners
// come in pixels + depth. Colours arrive already in the target's encoding.

struct QuadIn {
    @location(0) p0: vec3<f32>,
    @location(1) p1: vec3<f32>,
    @location(2) p2: vec3<f32>,
    @location(3) p3: vec3<f32>,
    @location(4) uv_rect: vec4<f32>,
    @location(5) colour: vec4<f32>,
    @location(6) colour2: vec4<f32>,
    @location(7) mode: u32,
};

struct QuadOut {
    @builtin(position) position: vec4<f32>,
    @location(0) uv: vec2<f32>,
    @location(1) local: vec2<f32>,
    @location(2) colour: vec4<f32>,
    @location(3) colour2: vec4<f32>,
    @location(4) @interpolate(flat) mode: u32,
    // Width of one pixel in local (0..1) units, and the atlas mip level to read:
    // worked out per quad so the fragment shader needs no derivatives.
    @location(5) @interpolate(flat) pixel: vec2<f32>,
    @location(6) @interpolate(flat) lod: f32,
};

const MODE_SOLID: u32 = 0u;
const MODE_PIECE: u32 = 1u;
const MODE_TEXT: u32 = 2u;
const MODE_DISC: u32 = 3u;
const MODE_RING: u32 = 4u;
const MODE_TRIANGLE: u32 = 5u;
const MODE_FRAME: u32 = 6u;
const MODE_GLOW: u32 = 7u;
const MODE_LINE: u32 = 8u;

@vertex
fn vs_quad(@builtin(vertex_index) vertex: u32, q: QuadIn) -> QuadOut {
    var corner_of = array<u32, 6>(0u, 1u, 2u, 0u, 2u, 3u);
    var points = array<vec3<f32>, 4>(q.p0, q.p1, q.p2, q.p3);
    var locals = array<vec2<f32>, 4>(
        vec2<f32>(0.0, 0.0), vec2<f32>(1.0, 0.0), vec2<f32>(1.0, 1.0), vec2<f32>(0.0, 1.0)
    );
    let id = corner_of[vertex];
    let p = points[id];
    let l = locals[id];
    var out: QuadOut;
    out.position = vec4<f32>(
        p.x / g.target_size.x * 2.0 - 1.0,
        1.0 - p.y / g.target_size.y * 2.0,
        p.z,
        1.0
    );
    out.uv = mix(q.uv_rect.xy, q.uv_rect.zw, l);
    out.local = l;
    out.colour = q.colour;
    out.colour2 = q.colour2;
    out.mode = q.mode;
    let size_px = max(vec2<f32>(length(q.p1.xy - q.p0.xy), length(q.p3.xy - q.p0.xy)), vec2<f32>(1e-3));
    out.pixel = 1.0 / size_px;
    let texels = abs(q.uv_rect.zw - q.uv_rect.xy) * vec2<f32>(textureDimensions(atlas));
    out.lod = max(log2(max(texels.x / size_px.x, texels.y / size_px.y)), 0.0);
    return out;
}

// Quads without the atlas. Most covered pixels are plain squares: they leave before
// any other work, which matters a lot on software rasterizers.
@fragment
fn fs_plain(in: QuadOut) -> @location(0) vec4<f32> {
    if in.mode == MODE_SOLID {
        return in.colour;
    }
    var c = in.colour;
    let d = length(in.local * 2.0 - vec2<f32>(1.0));
    let aa = 2.0 * max(in.pixel.x, in.pixel.y);
    switch in.mode {
        case MODE_DISC: {
            c.a = c.a * (1.0 - smoothstep(1.0 - aa, 1.0, d));
        }
        case MODE_RING: {
            let inner = in.colour2.x;
            c.a = c.a * (1.0 - smoothstep(1.0 - aa, 1.0, d)) * smoothstep(inner - aa, inner, d);
        }
        case MODE_TRIANGLE: {
            let half_width = 0.5 * (1.0 - in.local.x);
            let outside = abs(in.local.y - 0.5) - half_width;
            c.a = c.a * (1.0 - smoothstep(-in.pixel.y, in.pixel.y, outside));
        }
        case MODE_FRAME: {
            let e = min(min(in.local.x, 1.0 - in.local.x), min(in.local.y, 1.0 - in.local.y));
            c.a = c.a * select(0.0, 1.0, e < in.colour2.x);
        }
        case MODE_GLOW: {
            c.a = c.a * 0.85 * (1.0 - smoothstep(0.25, 1.0, d));
        }
        case MODE_LINE: {
            // The quad is one pixel wider than the line: fade over that pixel.
            let half_px = 0.5 / in.pixel.y;
            let from_axis = abs(in.local.y - 0.5) / in.pixel.y;
            c.a = c.a * clamp(half_px - from_axis, 0.0, 1.0);
        }
        default: {}
    }
    if c.a < 0.02 {
        discard;
    }
    return c;
}

// Pieces and label glyphs from the atlas, at the mip level the vertex stage chose.
@fragment
fn fs_textured(in: QuadOut) -> @location(0) vec4<f32> {
    let t = textureSampleLevel(atlas, atlas_sampler, in.uv, in.lod);
    var c: vec4<f32>;
    if in.mode == MODE_PIECE {
        // R: silhouette with outline band, G: fill, B: inner strokes. colour2.a says
        // how much of the outline colour the strokes take (black's stay dark).
        let stroke = mix(in.colour.rgb, in.colour2.rgb, in.colour2.a);
        let rgb = mix(mix(in.colour2.rgb, in.colour.rgb, t.g), stroke, t.b);
        c = vec4<f32>(rgb, t.r * in.colour.a);
    } else {
        c = vec4<f32>(in.colour.rgb, in.colour.a * t.r);
    }
    if c.a < 0.02 {
        discard;
    }
    return c;
}
