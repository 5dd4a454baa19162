document.getElementById("root")!.textContent = "PawStay";
