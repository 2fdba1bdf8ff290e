// Screen-space quads: pieces and label glyphs from the atlas, procedural marks (dots,
// rings, frames, glows, arrow heads) and plain colour. Corners come in pixels + depth.

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
};

const MODE_SOLID: u32 = 0u;
const MODE_PIECE: u32 = 1u;
const MODE_TEXT: u32 = 2u;
const MODE_DISC: u32 = 3u;
const MODE_RING: u32 = 4u;
const MODE_TRIANGLE: u32 = 5u;
const MODE_FRAME: u32 = 6u;
const MODE_GLOW: u32 = 7u;

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
    return out;
}

@fragment
fn fs_quad(in: QuadOut) -> @location(0) vec4<f32> {
    // Sampling and derivatives stay in uniform control flow: take them first.
    let t = textureSample(atlas, atlas_sampler, in.uv);
    let d = length(in.local * 2.0 - vec2<f32>(1.0));
    let aa = max(fwidth(d), 1e-4);
    let aa_v = max(fwidth(in.local.y), 1e-4);
    var c = in.colour;
    switch in.mode {
        case MODE_PIECE: {
            // R: silhouette with outline band, G: fill, B: inner strokes.
            var rgb = mix(in.colour2.rgb, in.colour.rgb, t.g);
            rgb = mix(rgb, in.colour2.rgb, t.b);
            c = vec4<f32>(rgb, t.r * in.colour.a);
        }
        case MODE_TEXT: {
            c = vec4<f32>(in.colour.rgb, in.colour.a * t.r);
        }
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
            c.a = c.a * (1.0 - smoothstep(-aa_v, aa_v, outside));
        }
        case MODE_FRAME: {
            let e = min(min(in.local.x, 1.0 - in.local.x), min(in.local.y, 1.0 - in.local.y));
            c.a = c.a * select(0.0, 1.0, e < in.colour2.x);
        }
        case MODE_GLOW: {
            c.a = c.a * 0.85 * (1.0 - smoothstep(0.25, 1.0, d));
        }
        default: {}
    }
    if c.a < 0.02 {
        discard;
    }
    return finish(c);
}
