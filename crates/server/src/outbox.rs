//! A connection's outgoing queue, bounded: a client that reads too slowly (or not at
//! all) is disconnected once its queue holds [`OUTBOX_FRAMES`] frames, so one slow
//! socket cannot grow the server's memory without end. Its games do not depend on the
//! socket: it reconnects and `watch` sends each game in full again.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use tokio::sync::{Notify, mpsc};

/// Frames a connection may have waiting to be written. A busy player receives a few
/// frames a second; a thousand waiting means the client stopped reading.
pub const OUTBOX_FRAMES: usize = 1024;

/// The queue is full: the connection is being closed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Overflow;

/// Where a connection's outgoing frames go (encoded once, shared by all receivers).
#[derive(Clone, Debug)]
pub struct Outbox {
    tx: mpsc::Sender<Arc<str>>,
    overflow: Arc<Overflowed>,
}

/// Set once a connection's queue overflowed; its socket loop waits on it.
#[derive(Debug, Default)]
pub struct Overflowed {
    flag: AtomicBool,
    /// Closed by the server (its token was revoked): the socket loop ends, the writer
    /// flushes what is queued.
    closed: AtomicBool,
    notify: Notify,
}

impl Overflowed {
    /// Waits until the queue overflows or the connection is closed (at once if either
    /// already happened).
    pub async fn wait(&self) {
        let notified = self.notify.notified();
        if self.flag.load(Ordering::Acquire) || self.closed.load(Ordering::Acquire) {
            return;
        }
        notified.await;
    }

    /// Whether the queue overflowed.
    pub fn happened(&self) -> bool {
        self.flag.load(Ordering::Acquire)
    }
}

impl Outbox {
    /// A queue of `bound` frames: the sending side, the receiving side for the writer
    /// task, and the signal the socket loop closes on.
    pub fn new(bound: usize) -> (Outbox, mpsc::Receiver<Arc<str>>, Arc<Overflowed>) {
        let (tx, rx) = mpsc::channel(bound.max(1));
        let overflow = Arc::new(Overflowed::default());
        (
            Outbox {
                tx,
                overflow: overflow.clone(),
            },
            rx,
            overflow,
        )
    }

    /// Ends the connection once what is queued is written (its socket loop stops).
    pub fn close(&self) {
        if !self.overflow.closed.swap(true, Ordering::AcqRel) {
            self.overflow.notify.notify_waiters();
        }
    }

    /// Queues a frame; a full queue marks the connection for closing (a closed one, whose
    /// socket is gone, drops the frame quietly).
    pub fn send(&self, frame: Arc<str>) -> Result<(), Overflow> {
        match self.tx.try_send(frame) {
            Ok(()) | Err(mpsc::error::TrySendError::Closed(_)) => Ok(()),
            Err(mpsc::error::TrySendError::Full(_)) => {
                if !self.overflow.flag.swap(true, Ordering::AcqRel) {
                    self.overflow.notify.notify_waiters();
                }
                Err(Overflow)
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn a_full_queue_signals_the_socket_once_and_keeps_its_bound() {
        let (out, mut rx, overflow) = Outbox::new(2);
        assert_eq!(out.send("a".into()), Ok(()));
        assert_eq!(out.send("b".into()), Ok(()));
        assert!(!overflow.happened());
        assert_eq!(out.send("c".into()), Err(Overflow));
        assert!(overflow.happened());
        overflow.wait().await;
        assert_eq!(rx.recv().await.as_deref(), Some("a"));
        assert_eq!(rx.recv().await.as_deref(), Some("b"));
        assert!(rx.try_recv().is_err(), "the overflowing frame was not kept");
    }
}
