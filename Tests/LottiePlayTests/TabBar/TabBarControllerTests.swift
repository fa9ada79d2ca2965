import Foundation
import XCTest
import LottieModel
import TestSupport
@testable import LottiePlay

/// The tab-bar rules of issue 4 with the real icons: home.json (60 fps, frames 0...60) and
/// user.json (30 fps, frames 0...30), both one second long.
final class TabBarControllerTests: XCTestCase {
    private static func sample(_ name: String) throws -> LottieAnimation {
        try LottieDecoder().decode(Data(contentsOf: Corpus.samples.appendingPathComponent(name)))
    }

    /// Home and Profile, in that order.
    private func homeAndProfile() throws -> [TabItem] {
        [TabItem(id: "home", title: "Home", animation: try Self.sample("home.json")),
         TabItem(id: "profile", title: "Profile", animation: try Self.sample("user.json"))]
    }

    /// A hand-written "+" icon: 30 fps, frames 0...15 (half a second), no layers.
    private func plus() -> TabItem {
        TabItem(id: "new", title: "New",
                animation: LottieAnimation(frameRate: 30, inPoint: 0, outPoint: 15, width: 24, height: 24, layers: []),
                role: .action)
    }

    /// Home, "+", Profile.
    private func barWithAction() throws -> [TabItem] {
        let tabs = try homeAndProfile()
        return [tabs[0], plus(), tabs[1]]
    }

    /// Exactly one tab is selected, and every other icon rests on progress 0, not playing.
    private func assertOneHighlighted(_ bar: TabBarController, selected: Int, _ message: String = "",
                                      file: StaticString = #filePath, line: UInt = #line) {
        let statuses = bar.statuses
        XCTAssertEqual(statuses.filter(\.isSelected).map(\.index), [selected], message, file: file, line: line)
        for status in statuses where status.index != selected && status.role == .tab {
            XCTAssertEqual(status.progress, 0, "\(status.title) \(message)", file: file, line: line)
            XCTAssertFalse(status.isPlaying, "\(status.title) \(message)", file: file, line: line)
        }
    }

    // MARK: Launch

    func testLaunchSelectsTheFirstTabAndPlaysItsIconOnce() throws {
        var bar = try TabBarController(items: try homeAndProfile())
        XCTAssertEqual(bar.selectedIndex, 0)
        assertOneHighlighted(bar, selected: 0)
        XCTAssertTrue(bar.statuses[0].isPlaying)
        // The launch event waits for the first call that returns events.
        // 0.5 s: home (60 fps) at frame 30, progress 0.5; profile untouched.
        XCTAssertEqual(bar.tick(seconds: 0.5), [.iconStarted(0)])
        XCTAssertEqual(bar.statuses[0].frame, 30)
        XCTAssertEqual(bar.statuses[0].progress, 0.5)
        XCTAssertEqual(bar.statuses[1].frame, 0)
        XCTAssertFalse(bar.statuses[1].isPlaying)
        // 0.5 s more: home ends on op (60), the final pose, and stays selected.
        XCTAssertEqual(bar.tick(seconds: 0.5), [.iconFinished(0)])
        XCTAssertEqual(bar.statuses[0].frame, 60)
        XCTAssertEqual(bar.statuses[0].progress, 1)
        XCTAssertFalse(bar.statuses[0].isPlaying)
        XCTAssertTrue(bar.statuses[0].isSelected)
        XCTAssertEqual(bar.tick(seconds: 1), [])
    }

    func testLaunchWithoutAutoplayLeavesEveryIconAtTheStart() throws {
        var bar = try TabBarController(items: try homeAndProfile(), playOnLaunch: false)
        XCTAssertEqual(bar.selectedIndex, 0)
        XCTAssertEqual(bar.takeEvents(), [])
        XCTAssertEqual(bar.tick(seconds: 1), [])
        XCTAssertEqual(bar.statuses.map(\.progress), [0, 0])
        XCTAssertEqual(bar.statuses.map(\.isPlaying), [false, false])
        XCTAssertTrue(bar.isSelected(0))
    }

    func testLaunchWithAnotherInitialSelection() throws {
        var bar = try TabBarController(items: try homeAndProfile(), initialSelection: 1)
        XCTAssertEqual(bar.selectedItem.id, "profile")
        // 0.5 s of user.json (30 fps) is frame 15.
        XCTAssertEqual(bar.tick(seconds: 0.5), [.iconStarted(1)])
        XCTAssertEqual(bar.statuses[1].frame, 15)
        assertOneHighlighted(bar, selected: 1)
    }

    func testLaunchResetsIconsThatWereAlreadyPlayed() throws {
        var items = try homeAndProfile()
        items[1].icon.seek(toProgress: 1)
        let bar = try TabBarController(items: items, playOnLaunch: false)
        XCTAssertEqual(bar.statuses[1].progress, 0)
    }

    // MARK: Selecting

    func testSelectingPlaysTheNewIconAndResetsTheOldOneAtOnce() throws {
        var bar = try TabBarController(items: try homeAndProfile())
        XCTAssertEqual(bar.tick(seconds: 1), [.iconStarted(0), .iconFinished(0)])
        XCTAssertEqual(bar.statuses[0].progress, 1)
        // Home had finished: no interruption, it jumps back to progress 0 (no reverse animation).
        XCTAssertEqual(try bar.tap(1), [.selectionChanged(from: 0, to: 1), .iconStarted(1)])
        XCTAssertEqual(bar.statuses[0].progress, 0)
        XCTAssertEqual(bar.statuses[0].frame, 0)
        XCTAssertFalse(bar.statuses[0].isPlaying)
        XCTAssertEqual(bar.statuses[1].progress, 0)
        XCTAssertTrue(bar.statuses[1].isPlaying)
        assertOneHighlighted(bar, selected: 1)
        // Profile: 0.5 s = 15 frames of 30, then the end.
        XCTAssertEqual(bar.tick(seconds: 0.5), [])
        XCTAssertEqual(bar.statuses[1].frame, 15)
        XCTAssertEqual(bar.tick(seconds: 0.5), [.iconFinished(1)])
        XCTAssertEqual(bar.statuses[1].frame, 30)
        XCTAssertEqual(bar.statuses[1].progress, 1)
        // And back: profile resets, home plays again from 0.
        XCTAssertEqual(try bar.select(0), [.selectionChanged(from: 1, to: 0), .iconStarted(0)])
        XCTAssertEqual(bar.statuses[1].progress, 0)
        XCTAssertEqual(bar.tick(seconds: 0.25), [])
        XCTAssertEqual(bar.statuses[0].frame, 15)
    }

    func testSelectingWhileTheOldIconPlaysInterruptsIt() throws {
        var bar = try TabBarController(items: try homeAndProfile())
        XCTAssertEqual(bar.tick(seconds: 0.25), [.iconStarted(0)])
        XCTAssertEqual(bar.statuses[0].frame, 15)
        XCTAssertEqual(try bar.tap(1), [.selectionChanged(from: 0, to: 1), .iconInterrupted(0), .iconStarted(1)])
        XCTAssertEqual(bar.statuses[0].frame, 0)
        XCTAssertFalse(bar.statuses[0].isPlaying)
        // The interrupted icon never finishes later.
        XCTAssertEqual(bar.tick(seconds: 2), [.iconFinished(1)])
    }

    func testTappingTheSelectedTabIsIgnored() throws {
        var bar = try TabBarController(items: try homeAndProfile())
        XCTAssertEqual(bar.takeEvents(), [.iconStarted(0)])
        _ = bar.tick(seconds: 0.25)
        XCTAssertEqual(try bar.tap(0), [.tapIgnored(0)])
        XCTAssertEqual(try bar.select(0), [.tapIgnored(0)])
        // Nothing restarted: home plays on from frame 15.
        XCTAssertEqual(bar.statuses[0].frame, 15)
        XCTAssertTrue(bar.statuses[0].isPlaying)
        XCTAssertEqual(bar.tick(seconds: 0.75), [.iconFinished(0)])
        XCTAssertEqual(try bar.tap(0), [.tapIgnored(0)])
        XCTAssertEqual(bar.statuses[0].progress, 1)
    }

    func testRapidTapsLeaveOneIconHighlighted() throws {
        var bar = try TabBarController(items: try homeAndProfile())
        _ = bar.tick(seconds: 1)
        XCTAssertEqual(try bar.tap(1), [.selectionChanged(from: 0, to: 1), .iconStarted(1)])
        _ = bar.tick(seconds: 0.1)  // profile at frame 3
        XCTAssertEqual(bar.statuses[1].frame, 3, accuracy: 1e-9)
        // Two taps within one frame.
        XCTAssertEqual(try bar.tap(0), [.selectionChanged(from: 1, to: 0), .iconInterrupted(1), .iconStarted(0)])
        XCTAssertEqual(try bar.tap(1), [.selectionChanged(from: 0, to: 1), .iconInterrupted(0), .iconStarted(1)])
        assertOneHighlighted(bar, selected: 1)
        XCTAssertEqual(bar.statuses.filter(\.isPlaying).map(\.index), [1])
        XCTAssertEqual(bar.statuses[1].frame, 0, "profile starts over")
        // One 60 Hz tick: profile (30 fps) half a frame on, home still at 0.
        XCTAssertEqual(bar.tick(seconds: 1.0 / 60), [])
        XCTAssertEqual(bar.statuses[1].frame, 0.5, accuracy: 1e-9)
        XCTAssertEqual(bar.statuses[0].frame, 0)
    }

    func testManyTapsAndTicksKeepTheInvariant() throws {
        var bar = try TabBarController(items: try barWithAction())
        let script: [(tap: Int, seconds: Double)] = [(2, 0), (0, 0.01), (2, 0), (2, 0.2), (1, 0), (0, 0.05),
                                                     (1, 0.3), (2, 0), (0, 0), (2, 1.5), (0, 0.016)]
        for (step, action) in script.enumerated() {
            _ = try bar.tap(action.tap)
            _ = bar.tick(seconds: action.seconds)
            let expected = action.tap == 1 ? bar.selectedIndex : action.tap
            assertOneHighlighted(bar, selected: expected, "after step \(step)")
            XCTAssertFalse(bar.statuses[1].isSelected)
        }
    }

    // MARK: Centre action button

    func testActionButtonPlaysItsIconFiresAndNeverTakesTheSelection() throws {
        var bar = try TabBarController(items: try barWithAction())
        XCTAssertEqual(bar.actionIndex, 1)
        XCTAssertEqual(bar.tick(seconds: 0.25), [.iconStarted(0)])  // home at frame 15
        XCTAssertEqual(try bar.tap(1), [.actionFired(1), .iconStarted(1)])
        XCTAssertEqual(bar.selectedIndex, 0)
        XCTAssertFalse(bar.statuses[1].isSelected)
        XCTAssertTrue(bar.statuses[1].isPlaying)
        XCTAssertTrue(bar.statuses[0].isPlaying, "the selected icon plays on")
        // 0.5 s: "+" (30 fps, 15 frames) finishes; home reaches frame 15 + 30 = 45.
        XCTAssertEqual(bar.tick(seconds: 0.5), [.iconFinished(1)])
        XCTAssertEqual(bar.statuses[1].frame, 15)
        XCTAssertEqual(bar.statuses[0].frame, 45)
        XCTAssertEqual(bar.tick(seconds: 0.25), [.iconFinished(0)])
        // Tapped again while playing: restarts from 0.
        _ = try bar.tap(1)
        _ = bar.tick(seconds: 0.1)
        XCTAssertEqual(try bar.tap(1), [.actionFired(1), .iconInterrupted(1), .iconStarted(1)])
        XCTAssertEqual(bar.statuses[1].frame, 0)
        XCTAssertEqual(bar.selectedIndex, 0)
    }

    func testActionButtonCannotBeSelected() throws {
        var bar = try TabBarController(items: try barWithAction())
        XCTAssertThrowsError(try bar.select(1)) { error in
            XCTAssertEqual(error as? TabBarError, .notSelectable(index: 1, id: "new"))
        }
        XCTAssertThrowsError(try bar.select(id: "new"))
        XCTAssertThrowsError(try TabBarController(items: try barWithAction(), initialSelection: 1))
        // Selecting across the button: indices are bar positions, action included.
        XCTAssertEqual(try bar.tap(2), [.iconStarted(0), .selectionChanged(from: 0, to: 2), .iconInterrupted(0),
                                         .iconStarted(2)])
        XCTAssertEqual(bar.selectedItem.id, "profile")
    }

    // MARK: Saved state

    func testStateSavesAndRestoresTheSelectionByID() throws {
        var bar = try TabBarController(items: try homeAndProfile())
        XCTAssertEqual(bar.state, TabBarState(selectedID: "home"))
        _ = try bar.tap(1)
        XCTAssertEqual(bar.state, TabBarState(selectedID: "profile"))

        let data = try JSONEncoder().encode(bar.state)
        XCTAssertEqual(String(decoding: data, as: UTF8.self), #"{"selectedID":"profile"}"#)
        let saved = try JSONDecoder().decode(TabBarState.self, from: data)

        var restored = try TabBarController(items: try homeAndProfile(), restoring: saved)
        XCTAssertEqual(restored.restoreResult, .restored(index: 1))
        XCTAssertEqual(restored.selectedIndex, 1)
        // A restore is a launch: the restored tab's icon plays once, no selection change reported.
        XCTAssertEqual(restored.tick(seconds: 0.5), [.iconStarted(1)])
        XCTAssertEqual(restored.statuses[1].frame, 15)
        assertOneHighlighted(restored, selected: 1)

        let quiet = try TabBarController(items: try homeAndProfile(), restoring: saved, playOnLaunch: false)
        XCTAssertEqual(quiet.selectedIndex, 1)
        XCTAssertFalse(quiet.statuses[1].isPlaying)
    }

    func testRestoringAnUnknownIDSelectsTheFirstTab() throws {
        let state = try JSONDecoder().decode(TabBarState.self, from: Data(#"{"selectedID": "settings"}"#.utf8))
        let bar = try TabBarController(items: try homeAndProfile(), restoring: state)
        XCTAssertEqual(bar.selectedIndex, 0)
        XCTAssertEqual(bar.restoreResult, .unknownID("settings", fallbackIndex: 0))
        XCTAssertEqual(bar.restoreResult?.description, "no tab has the saved id 'settings'; selected tab 0 instead")
        // The action button's id cannot be restored either.
        let action = try TabBarController(items: try barWithAction(), restoring: TabBarState(selectedID: "new"))
        XCTAssertEqual(action.restoreResult, .unknownID("new", fallbackIndex: 0))
        // A bar built without a state has no restore result.
        XCTAssertNil(try TabBarController(items: try homeAndProfile()).restoreResult)
    }

    // MARK: Errors

    func testTappingOutOfRangeThrowsNamingTheValidRange() throws {
        var bar = try TabBarController(items: try homeAndProfile())
        XCTAssertThrowsError(try bar.tap(2)) { error in
            XCTAssertEqual(error as? TabBarError, .indexOutOfRange(2, valid: 0...1))
            XCTAssertEqual("\(error)", "there is no tab 2; valid indices are 0...1")
        }
        XCTAssertThrowsError(try bar.select(-1)) { error in
            XCTAssertEqual(error as? TabBarError, .indexOutOfRange(-1, valid: 0...1))
        }
        XCTAssertThrowsError(try bar.status(at: 5))
        XCTAssertEqual(bar.selectedIndex, 0)
        XCTAssertEqual(bar.takeEvents(), [.iconStarted(0)], "a failed tap changes nothing")
    }

    func testSelectByID() throws {
        var bar = try TabBarController(items: try homeAndProfile(), playOnLaunch: false)
        XCTAssertEqual(try bar.select(id: "profile"), [.selectionChanged(from: 0, to: 1), .iconStarted(1)])
        XCTAssertThrowsError(try bar.select(id: "settings")) { error in
            XCTAssertEqual(error as? TabBarError, .unknownID("settings", available: ["home", "profile"]))
        }
    }

    func testInvalidBarsAreRefused() throws {
        let tabs = try homeAndProfile()
        XCTAssertThrowsError(try TabBarController(items: [])) { error in
            XCTAssertEqual(error as? TabBarError, .noSelectableItems)
        }
        XCTAssertThrowsError(try TabBarController(items: [plus()])) { error in
            XCTAssertEqual(error as? TabBarError, .noSelectableItems)
        }
        XCTAssertThrowsError(try TabBarController(items: [tabs[0], tabs[0]])) { error in
            XCTAssertEqual(error as? TabBarError, .duplicateID("home"))
        }
        var second = plus()
        second.id = "other"
        XCTAssertThrowsError(try TabBarController(items: [tabs[0], plus(), second])) { error in
            XCTAssertEqual(error as? TabBarError, .multipleActionItems(indices: [1, 2]))
        }
        XCTAssertThrowsError(try TabBarController(items: tabs, initialSelection: 2)) { error in
            XCTAssertEqual(error as? TabBarError, .indexOutOfRange(2, valid: 0...1))
        }
    }

    func testStatusesExposeWhatEachButtonShows() throws {
        var bar = try TabBarController(items: try barWithAction())
        _ = bar.tick(seconds: 0.25)
        XCTAssertEqual(bar.statuses, [
            TabItemStatus(index: 0, id: "home", title: "Home", role: .tab, isSelected: true,
                          progress: 0.25, frame: 15, isPlaying: true),
            TabItemStatus(index: 1, id: "new", title: "New", role: .action, isSelected: false,
                          progress: 0, frame: 0, isPlaying: false),
            TabItemStatus(index: 2, id: "profile", title: "Profile", role: .tab, isSelected: false,
                          progress: 0, frame: 0, isPlaying: false),
        ])
        XCTAssertEqual(try bar.status(at: 2).title, "Profile")
    }
}
