import CSystem

/// Gives the C library's free memory back to the system. Pages of allocations a process made
/// and freed stay resident otherwise: a start's passing work, a page that was closed.
package enum FreeMemory {
  package static func giveBack() { knobs_return_free_memory() }
}
