//! Frame cost of the full 4D start position (32 pieces on 4x4x2x2) at 1280x720:
//! CPU time to build and submit one frame, and off-screen frames per second with
//! readback, on whatever adapter wgpu picks (lavapipe / llvmpipe here).
//!
//! Run: `cargo bench -p chess4d-render --bench frame`

use std::time::{Duration, Instant};

use chess4d_render::{Highlight, OffscreenRenderer, Renderer, Scene, ScenePiece, View};

const W: u32 = 1280;
const H: u32 = 720;

fn sq(x: u16, y: u16, z: u16, w: u16) -> u16 {
    x + 4 * (y + 4 * (z + 2 * w))
}

/// `4/4/PPPP/RNBQ|4/4/PPPP/KBNR|rnbq/pppp/4/4|kbnr/pppp/4/4 w - - 0 1`, with a
/// selected knight and its moves lit, as during play.
fn start_scene() -> Scene {
    let mut pieces = Vec::new();
    for (z, back) in [['R', 'N', 'B', 'Q'], ['K', 'B', 'N', 'R']]
        .iter()
        .enumerate()
    {
        for (x, &glyph) in back.iter().enumerate() {
            let (x, z) = (x as u16, z as u16);
            pieces.push(ScenePiece {
                square: sq(x, 0, z, 0),
                glyph,
                white: true,
            });
            pieces.push(ScenePiece {
                square: sq(x, 1, z, 0),
                glyph: 'P',
                white: true,
            });
            pieces.push(ScenePiece {
                square: sq(x, 3, z, 1),
                glyph,
                white: false,
            });
            pieces.push(ScenePiece {
                square: sq(x, 2, z, 1),
                glyph: 'P',
                white: false,
            });
        }
    }
    let highlights = vec![
        (sq(1, 0, 0, 0), Highlight::Selected),
        (sq(0, 2, 0, 0), Highlight::LegalMove),
        (sq(2, 2, 0, 0), Highlight::LegalMove),
        (sq(1, 2, 1, 0), Highlight::LegalMove),
    ];
    Scene {
        pieces,
        highlights,
        ..Scene::default()
    }
}

/// CPU time this process has used so far, all threads (Linux `/proc/self/stat`); the
/// software rasterizer's threads count too, so this measures work even on a busy box.
fn process_cpu() -> Option<Duration> {
    let stat = std::fs::read_to_string("/proc/self/stat").ok()?;
    let after_name = &stat[stat.rfind(')')? + 2..];
    let fields: Vec<&str> = after_name.split_whitespace().collect();
    let ticks: u64 = fields.get(11)?.parse::<u64>().ok()? + fields.get(12)?.parse::<u64>().ok()?;
    Some(Duration::from_millis(ticks * 10)) // USER_HZ is 100 on Linux
}

fn stats(name: &str, mut samples: Vec<Duration>) -> Duration {
    samples.sort();
    let mean = samples.iter().sum::<Duration>() / samples.len() as u32;
    let median = samples[samples.len() / 2];
    let p95 = samples[samples.len() * 95 / 100];
    println!("{name:<44} mean {mean:>9.3?}  median {median:>9.3?}  p95 {p95:>9.3?}");
    median
}

fn main() {
    let scene = start_scene();
    let info = match chess4d_render::adapter_info() {
        Ok(info) => info,
        Err(e) => {
            eprintln!("frame bench not run: {e}");
            return;
        }
    };
    println!(
        "adapter: {} ({}, {}), {}x{}",
        info.adapter_name, info.backend, info.device_type, W, H
    );

    // CPU side of one frame: build instances, upload, record, submit. The GPU is waited
    // for outside the timed region so only the CPU work is counted.
    let instance =
        wgpu::Instance::new(wgpu::InstanceDescriptor::new_without_display_handle_from_env());
    let adapter = pollster::block_on(wgpu::util::initialize_adapter_from_env_or_default(
        &instance, None,
    ))
    .expect("adapter (the off-screen renderer found one)");
    let (device, queue) =
        pollster::block_on(adapter.request_device(&Default::default())).expect("device");
    let format = wgpu::TextureFormat::Bgra8UnormSrgb;
    let target = device.create_texture(&wgpu::TextureDescriptor {
        label: Some("bench target"),
        size: wgpu::Extent3d {
            width: W,
            height: H,
            depth_or_array_layers: 1,
        },
        mip_level_count: 1,
        sample_count: 1,
        dimension: wgpu::TextureDimension::D2,
        format,
        usage: wgpu::TextureUsages::RENDER_ATTACHMENT,
        view_formats: &[],
    });
    let view_of_target = target.create_view(&Default::default());
    let started = Instant::now();
    let mut renderer = Renderer::new(&device, &queue, format);
    println!(
        "{:<44} {:>9.3?}",
        "Renderer::new (pipelines + atlas upload)",
        started.elapsed()
    );
    let mut cpu = Vec::new();
    for i in 0..300 {
        let mut s = scene.clone();
        s.camera.yaw_deg += i as f32 * 0.5; // a turning camera, as while dragging
        let t = Instant::now();
        renderer.prepare(&device, &queue, &s, [W, H]);
        let mut encoder = device.create_command_encoder(&Default::default());
        renderer.render(&mut encoder, &view_of_target);
        queue.submit([encoder.finish()]);
        let spent = t.elapsed();
        device
            .poll(wgpu::PollType::wait_indefinitely())
            .expect("poll");
        if i >= 20 {
            cpu.push(spent);
        }
    }
    let cpu_median = stats("CPU build + submit per frame", cpu);
    println!("draw calls per frame: {}", renderer.draw_calls());

    // GPU time of whole frames (CPU + GPU, no readback), by view and MSAA, to see
    // where a software rasterizer spends its time.
    for samples in [1, 4] {
        let mut r = Renderer::with_samples(&device, &queue, format, samples);
        for view in [View::Both, View::Tesseract, View::Flat] {
            let mut times = Vec::new();
            let mut cpu_before = None;
            for i in 0..45 {
                if i == 5 {
                    cpu_before = process_cpu();
                }
                let mut s = Scene {
                    view,
                    ..scene.clone()
                };
                s.camera.yaw_deg += i as f32;
                let t = Instant::now();
                r.prepare(&device, &queue, &s, [W, H]);
                let mut encoder = device.create_command_encoder(&Default::default());
                r.render(&mut encoder, &view_of_target);
                queue.submit([encoder.finish()]);
                device
                    .poll(wgpu::PollType::wait_indefinitely())
                    .expect("poll");
                if i >= 5 {
                    times.push(t.elapsed());
                }
            }
            let work = match (cpu_before, process_cpu()) {
                (Some(a), Some(b)) => format!(
                    "{:.1} ms",
                    (b - a).as_secs_f64() * 1000.0 / times.len() as f64
                ),
                _ => "n/a".into(),
            };
            let name = format!("GPU frame, {view:?} view, {samples}x MSAA");
            stats(&name, times);
            println!("{:<44} all-thread CPU per frame {work}", "");
        }
    }

    // Whole frames including GPU work and readback of the image, as `chess4d render`
    // or a test would make them.
    let mut frame_median = Duration::ZERO;
    for samples in [1, 4] {
        let mut offscreen = match OffscreenRenderer::with_samples(W, H, samples) {
            Ok(o) => o,
            Err(e) => {
                eprintln!("off-screen renderer failed: {e}");
                return;
            }
        };
        let mut frames = Vec::new();
        for i in 0..40 {
            let mut s = scene.clone();
            s.camera.yaw_deg += i as f32;
            let t = Instant::now();
            offscreen.render(&s).expect("render");
            if i >= 5 {
                frames.push(t.elapsed());
            }
        }
        let name = format!(
            "off-screen frame incl. readback, {}x MSAA",
            offscreen.info().samples
        );
        let median = stats(&name, frames);
        println!(
            "{:<44} = {:.1} frames per second",
            "",
            1.0 / median.as_secs_f64()
        );
        if samples == 1 {
            frame_median = median;
        }
    }
    println!(
        "targets: CPU < 4 ms per frame: {}; 60 fps off-screen (1x MSAA, {:.1} fps): {}",
        if cpu_median < Duration::from_millis(4) {
            "met"
        } else {
            "MISSED"
        },
        1.0 / frame_median.as_secs_f64(),
        if frame_median.as_secs_f64() <= 1.0 / 60.0 {
            "met"
        } else {
            "MISSED"
        },
    );
}
